// What a load scenario definition (load-tests/scenarios/<name>.json) may say, checked by `npm run load` before a run and
// by test/unit/load-scenarios.spec.ts for every definition. CommonJS, so the Jest spec (TypeScript compiled to
// CommonJS) and the ES module runner load the same schema. The k6 scripts read the same files without it.
const { z } = require('zod');

const NAME = /^[a-z][a-z0-9-]*$/;
const VARIABLE = /^[a-z_][a-z0-9_]*$/;
const PLACEHOLDER = /\{\{([a-z_][a-z0-9_]*)\}\}/g;
/** Names a step may use without defining them: the virtual user's number, its iteration, and the run's tag. */
const BUILTINS = ['vu', 'iteration', 'run'];

const VariableSchema = z.string().regex(VARIABLE, { error: 'a name of lower-case letters, digits and _' });
const SecondsRangeSchema = z
  .strictObject({ min: z.number().min(0).max(600), max: z.number().min(0).max(600) })
  .refine((range) => range.min <= range.max, { error: 'min must not exceed max' });

const Per = z.enum(['iteration', 'virtual_user']).optional();
/** A value made for each iteration (or once per virtual user): one of a list, a whole number in a range, a unique name, a format of earlier values, or a constant. */
const ValueSchema = z.union([
  z.strictObject({ one_of: z.array(z.union([z.string(), z.number()])).min(1), per: Per }),
  z.strictObject({ between: z.tuple([z.number().int(), z.number().int()]).refine(([low, high]) => low <= high, { error: 'low must not exceed high' }), per: Per }),
  z.strictObject({ unique: z.string().regex(/^[A-Za-z0-9]{1,8}$/), per: Per }),
  z.strictObject({ format: z.string().min(1), per: Per }),
  z.strictObject({ value: z.union([z.string(), z.number(), z.boolean()]), per: Per }),
]);

const CaptureSchema = z.strictObject({
  /** A dotted path into the JSON answer ('messages.0.text'). */
  json: z.string().min(1),
  /** A regular expression with one group: the captured value is the group's match in the value at `json`. */
  match: z
    .string()
    .refine(
      (source) => {
        try {
          return new RegExp(`${source}|`).exec('').length === 2;
        } catch {
          return false;
        }
      },
      { error: 'must be a regular expression with exactly one group' },
    )
    .optional(),
  /** A missing value is no failure (it becomes null), e.g. the newest mail of an empty mailbox. */
  optional: z.boolean().optional(),
});

const RequestStepSchema = z.strictObject({
  name: z.string().min(1).max(60),
  method: z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
  path: z.string().startsWith('/', { error: 'a path on the target, starting with /' }),
  headers: z.record(z.string(), z.string()).optional(),
  json: z.unknown().optional(),
  /** The statuses that count as success (default [200]); anything else fails the request and ends the iteration. */
  expect: z.array(z.number().int().min(100).max(599)).min(1).optional(),
  capture: z.record(VariableSchema, CaptureSchema).optional(),
  /** Ask again every `every_ms` until the captured `until_changed` differs from its value before the step. */
  poll: z.strictObject({ until_changed: VariableSchema, every_ms: z.number().int().min(10).max(10_000), max_tries: z.number().int().min(1).max(600) }).optional(),
  /** false for a helper request that is not part of what users do (reading the development mailbox): left out of the figures and thresholds. */
  measured: z.boolean().optional(),
});

const ThinkStepSchema = z.strictObject({
  /** What the user does meanwhile, e.g. 'reads the dashboard'. */
  think: z.string().min(1),
  /** This pause's range, instead of the scenario's think_time_s. */
  seconds: SecondsRangeSchema.optional(),
});

const StepSchema = z.union([RequestStepSchema, ThinkStepSchema]);

/** The placeholders of every string in a (JSON) value. */
const placeholdersIn = (value) => {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].map((match) => match[1]);
  if (Array.isArray(value)) return value.flatMap(placeholdersIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(placeholdersIn);
  return [];
};

const ScenarioSchema = z
  .strictObject({
    /** The file's name without .json, and the k6 script's (load-tests/k6/<name>.js). */
    name: z.string().regex(NAME),
    summary: z.string().min(20),
    virtual_users: z.number().int().min(1).max(1_000),
    duration_s: z.number().int().min(1).max(3_600),
    /** X-Forwarded-For: one client address per virtual user, or a new one each iteration (each iteration a different visitor). */
    client_address: z.enum(['virtual_user', 'iteration']),
    think_time_s: SecondsRangeSchema,
    request_timeout_s: z.number().int().min(1).max(120).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    values: z.record(VariableSchema, ValueSchema).optional(),
    /** Run at the start of a virtual user's first iteration (e.g. registering its account); captures last for the whole run. */
    once: z.array(StepSchema).optional(),
    steps: z.array(StepSchema).min(1),
    thresholds: z.strictObject({
      p95_ms: z.number().positive(),
      p99_ms: z.number().positive(),
      /** Failed measured requests (an unexpected status or no answer) over all measured requests, 0-1. */
      error_rate: z.number().min(0).max(1),
    }),
  })
  .superRefine((scenario, ctx) => {
    const issue = (path, message) => ctx.addIssue({ code: 'custom', path, message });
    if (scenario.thresholds.p95_ms > scenario.thresholds.p99_ms) issue(['thresholds', 'p95_ms'], 'p95 must not exceed p99');

    const known = new Set(BUILTINS);
    for (const [name, spec] of Object.entries(scenario.values ?? {})) {
      if ('format' in spec) for (const used of placeholdersIn(spec.format)) if (!known.has(used)) issue(['values', name], `{{${used}}} is not defined before ${name}`);
      known.add(name);
    }
    for (const used of placeholdersIn(scenario.headers ?? {})) if (!known.has(used)) issue(['headers'], `{{${used}}} is not a value`);
    const names = new Set();
    const walk = (list, where) => {
      list.forEach((step, index) => {
        if (!('method' in step)) return;
        if (names.has(step.name)) issue([where, index, 'name'], `another step is named ${step.name}`);
        names.add(step.name);
        for (const used of placeholdersIn([step.path, step.headers ?? {}, step.json ?? null])) {
          if (!known.has(used)) issue([where, index], `{{${used}}} is neither a value nor captured by an earlier step`);
        }
        for (const captured of Object.keys(step.capture ?? {})) known.add(captured);
        if (step.poll && !(step.capture && step.poll.until_changed in step.capture)) issue([where, index, 'poll'], 'until_changed must name a capture of the same step');
      });
    };
    walk(scenario.once ?? [], 'once');
    walk(scenario.steps, 'steps');
    if (!scenario.steps.some((step) => 'method' in step && step.measured !== false)) issue(['steps'], 'at least one step must be measured');
  });

module.exports = { ScenarioSchema };
