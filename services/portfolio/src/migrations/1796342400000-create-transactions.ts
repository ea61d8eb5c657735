import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each user's transactions (buy, sell, dividend), entered by hand or imported from a broker's trade book, and the
 * broker trade ids an import stored: keyed by (user, broker, exchange, trade id), so importing the same trades again
 * adds nothing. Deleting a transaction forgets its trade ids, so they can be imported again.
 */
export class CreateTransactions1796342400000 implements MigrationInterface {
  name = 'CreateTransactions1796342400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "portfolio"."transactions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" varchar(128) NOT NULL,
        "symbol" varchar(32) NOT NULL,
        "date" date NOT NULL,
        "kind" varchar(8) NOT NULL CHECK ("kind" IN ('buy', 'sell', 'dividend')),
        "quantity" numeric NOT NULL CHECK ("quantity" > 0),
        "price" numeric NOT NULL CHECK ("price" > 0),
        "charges" numeric NOT NULL DEFAULT 0 CHECK ("charges" >= 0),
        "note" text NULL,
        "source" varchar(8) NOT NULL CHECK ("source" IN ('manual', 'zerodha', 'upstox')),
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "transactions_user_date" ON "portfolio"."transactions" ("user_id", "date")`);
    await queryRunner.query(`
      CREATE TABLE "portfolio"."imported_trades" (
        "user_id" varchar(128) NOT NULL,
        "broker" varchar(16) NOT NULL,
        "exchange" varchar(8) NOT NULL,
        "trade_id" varchar(64) NOT NULL,
        "transaction_id" uuid NOT NULL REFERENCES "portfolio"."transactions" ("id") ON DELETE CASCADE,
        PRIMARY KEY ("user_id", "broker", "exchange", "trade_id")
      )`);
    await queryRunner.query(`CREATE INDEX "imported_trades_transaction" ON "portfolio"."imported_trades" ("transaction_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "portfolio"."imported_trades"`);
    await queryRunner.query(`DROP TABLE "portfolio"."transactions"`);
  }
}
