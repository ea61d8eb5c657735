import type { DynamicModule } from '@nestjs/common';
import { Injectable, Logger } from '@nestjs/common';
import { parseConfig, ServiceConfigSchema } from './config';
import { ServicePlatformModule, serviceRoot } from './service-platform.module';

@Injectable()
class NotesRepository {}
@Injectable()
class NotesService {}
class NotesHandler {}

const config = parseConfig(ServiceConfigSchema, { LOG_LEVEL: 'warn' });
const database = { schema: 'content', migrations: [], entities: [] };

const platformOf = (module: DynamicModule): DynamicModule =>
  (module.imports ?? []).find((imported) => (imported as DynamicModule).module === ServicePlatformModule) as DynamicModule;

describe('serviceRoot', () => {
  // Each registration adds TypeORM's default data source, and TypeORM warns from the second on: not this spec's concern.
  beforeAll(() => Logger.overrideLogger(false));
  afterAll(() => Logger.overrideLogger(new Logger()));

  it("makes a service's root module of its definition: the platform with its config, then its own handlers and providers", () => {
    const AppModule = serviceRoot({ service: 'content', database, controllers: [NotesHandler], providers: [NotesRepository, NotesService] });
    const module = AppModule.register(config);

    expect(module.module).toBe(AppModule);
    expect(module.controllers).toEqual([NotesHandler]);
    expect(module.providers).toEqual([NotesRepository, NotesService]);
    expect(platformOf(module).providers).toContainEqual({ provide: expect.anything(), useValue: config });
  });

  it('names the service it runs, and the module after it', () => {
    const AppModule = serviceRoot({ service: 'tracking', database });

    expect(AppModule.service).toBe('tracking');
    expect(AppModule.name).toBe('TrackingModule');
  });

  it('makes providers that need the configuration from the configuration it is registered with', () => {
    const AppModule = serviceRoot<typeof config>({ service: 'auth', database, providers: (given) => [{ provide: 'LEVEL', useValue: given.LOG_LEVEL }] });

    expect(AppModule.register({ ...config, LOG_LEVEL: 'debug' }).providers).toEqual([{ provide: 'LEVEL', useValue: 'debug' }]);
  });
});
