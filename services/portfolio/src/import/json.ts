import { TradebookFormatError } from './tradebook';

/**
 * A JSON reader for trade books. JSON.parse would do, but it keeps neither the line an object starts on nor a number's
 * digits as written, and the import names the first (a record's line in an error) and needs the second (a trade id
 * written as a long number loses digits as a double).
 */

/** A JSON number, kept as written. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** A JSON object with the line its `{` stands on; each name appears once. */
export class JsonObject {
  constructor(
    readonly line: number,
    readonly entries: ReadonlyMap<string, JsonValue>,
  ) {}
}

/** A JSON array with the line its `[` stands on. */
export class JsonArray {
  constructor(
    readonly line: number,
    readonly items: readonly JsonValue[],
  ) {}
}

export type JsonValue = string | boolean | null | JsonNumber | JsonObject | JsonArray;

/** Trade history is five levels deep at most (list, answer, data, record, field); deeper input is refused. */
const MAX_DEPTH = 16;
const WHITESPACE = /[ \t\n\r]*/y;
const LINE_BREAKS = /\r\n|\r|\n/g;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** A string's body and closing quote: no raw control characters (so no line breaks), only JSON's escapes. */
// eslint-disable-next-line no-control-regex -- JSON forbids U+0000 to U+001F unescaped in a string; this says so.
const STRING_REST = /(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

/** The JSON document in `text` (RFC 8259, a leading byte-order mark allowed); broken JSON is a TradebookFormatError. */
export const readJson = (text: string): JsonValue => new JsonReader(text).document();

class JsonReader {
  private at: number;
  private line = 1;

  constructor(private readonly text: string) {
    this.at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  document(): JsonValue {
    const value = this.value(0);
    this.space();
    if (this.at < this.text.length) this.fail('more text follows the end of the JSON');
    return value;
  }

  private value(depth: number): JsonValue {
    this.space();
    if (depth > MAX_DEPTH) this.fail(`it is nested more than ${MAX_DEPTH} levels deep`);
    switch (this.text[this.at]) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.literal('true', true);
      case 'f':
        return this.literal('false', false);
      case 'n':
        return this.literal('null', null);
      default:
        return this.number();
    }
  }

  private object(depth: number): JsonObject {
    const line = this.line;
    this.at++;
    const entries = new Map<string, JsonValue>();
    this.space();
    if (this.take('}')) return new JsonObject(line, entries);
    for (;;) {
      this.space();
      if (this.text[this.at] !== '"') this.fail(`expected a quoted name, found ${this.found()}`);
      const name = this.string();
      if (entries.has(name)) this.fail(`the name "${name}" appears twice in one object`);
      this.space();
      if (!this.take(':')) this.fail(`expected a colon after "${name}", found ${this.found()}`);
      entries.set(name, this.value(depth + 1));
      this.space();
      if (this.take(',')) continue;
      if (this.take('}')) return new JsonObject(line, entries);
      this.fail(`expected a comma or } after the value of "${name}", found ${this.found()}`);
    }
  }

  private array(depth: number): JsonArray {
    const line = this.line;
    this.at++;
    const items: JsonValue[] = [];
    this.space();
    if (this.take(']')) return new JsonArray(line, items);
    for (;;) {
      items.push(this.value(depth + 1));
      this.space();
      if (this.take(',')) continue;
      if (this.take(']')) return new JsonArray(line, items);
      this.fail(`expected a comma or ] after an item, found ${this.found()}`);
    }
  }

  private string(): string {
    STRING_REST.lastIndex = this.at + 1;
    const rest = STRING_REST.exec(this.text);
    if (rest === null)
      this.fail('a quoted text is not closed on its line, or holds a control character or a bad escape');
    const start = this.at;
    this.at += 1 + rest[0].length;
    // The pattern admits only valid JSON strings; JSON.parse decodes the few with escapes.
    if (!rest[0].includes('\\')) return rest[0].slice(0, -1);
    return JSON.parse(this.text.slice(start, this.at)) as string;
  }

  private literal<T extends boolean | null>(word: string, value: T): T {
    if (!this.text.startsWith(word, this.at)) this.unexpected();
    this.at += word.length;
    return value;
  }

  private number(): JsonNumber {
    NUMBER.lastIndex = this.at;
    const match = NUMBER.exec(this.text);
    if (match === null) this.unexpected();
    this.at += match[0].length;
    return new JsonNumber(match[0]);
  }

  /** Passes over whitespace, counting its line breaks (JSON has them nowhere else). */
  private space(): void {
    WHITESPACE.lastIndex = this.at;
    const blank = WHITESPACE.exec(this.text)![0];
    if (blank.length === 0) return;
    this.at += blank.length;
    this.line += blank.match(LINE_BREAKS)?.length ?? 0;
  }

  private take(char: string): boolean {
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }

  /** The character at the cursor in words, for messages. */
  private found(): string {
    const char = this.text[this.at];
    if (char === undefined) return 'the end of the file';
    return char === "'" ? 'a single quote' : `'${char}'`;
  }

  /** No value can start at the cursor. */
  private unexpected(): never {
    return this.fail(this.at < this.text.length ? `unexpected ${this.found()}` : 'the file ends before the JSON does');
  }

  private fail(reason: string): never {
    throw new TradebookFormatError(this.line, `not valid JSON: ${reason}`);
  }
}
