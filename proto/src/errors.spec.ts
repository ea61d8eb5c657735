import { DomainError, ERROR_CODES, ErrorBodySchema, HTTP_STATUS } from './errors';

describe('error codes', () => {
  it('maps every code to an HTTP error status', () => {
    for (const code of ERROR_CODES) {
      expect(HTTP_STATUS[code]).toBeGreaterThanOrEqual(400);
      expect(HTTP_STATUS[code]).toBeLessThan(600);
    }
    expect(Object.keys(HTTP_STATUS).sort()).toEqual([...ERROR_CODES].sort());
  });

  it('a domain error travels as a payload and keeps its status', () => {
    const error = DomainError.fromPayload(new DomainError('deadline_exceeded', 'too slow').toPayload());
    expect(error.status).toBe(504);
    expect(ErrorBodySchema.parse({ detail: error.message, code: error.code })).toEqual({ detail: 'too slow', code: 'deadline_exceeded' });
  });
});
