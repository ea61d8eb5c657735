import { JsonArray, JsonNumber, JsonObject, readJson } from './json';
import type { JsonValue } from './json';
import { TradebookFormatError } from './tradebook';

/** The value as plain data, with each object's and array's line, to compare whole documents. */
const plain = (value: JsonValue): unknown => {
  if (value instanceof JsonNumber) return { number: value.text };
  if (value instanceof JsonArray) return { line: value.line, items: value.items.map(plain) };
  if (value instanceof JsonObject)
    return { line: value.line, entries: Object.fromEntries([...value.entries].map(([k, v]) => [k, plain(v)])) };
  return value;
};
const rejection = (text: string): string => {
  try {
    readJson(text);
  } catch (error) {
    expect(error).toBeInstanceOf(TradebookFormatError);
    return (error as Error).message;
  }
  throw new Error('expected the JSON to be rejected');
};

describe('readJson', () => {
  it('reads every kind of value and gives each object and array the line it starts on', () => {
    const text = [
      '{',
      '  "data": [',
      '    { "id": "7", "q": 1, "ok": true },',
      '    {',
      '      "p": -2252.35e0, "n": null, "f": false',
      '    }',
      '  ]',
      '}',
    ].join('\n');
    expect(plain(readJson(text))).toEqual({
      line: 1,
      entries: {
        data: {
          line: 2,
          items: [
            { line: 3, entries: { id: '7', q: { number: '1' }, ok: true } },
            { line: 4, entries: { p: { number: '-2252.35e0' }, n: null, f: false } },
          ],
        },
      },
    });
  });

  it('keeps a long number’s digits as written, where JSON.parse would round them', () => {
    const value = readJson('[1300000012345678901]') as JsonArray;
    expect(value.items).toEqual([new JsonNumber('1300000012345678901')]);
    expect(String(JSON.parse('[1300000012345678901]')[0])).not.toBe('1300000012345678901');
  });

  it('decodes escapes and counts CRLF, CR and LF line breaks alike, after a byte-order mark', () => {
    expect(readJson('"LARSEN \\u0026 TOUBRO \\"LT\\"\\n"')).toBe('LARSEN & TOUBRO "LT"\n');
    const value = readJson('\ufeff[\r\n{},\r{},\n{}]') as JsonArray;
    expect(value.items.map((item) => (item as JsonObject).line)).toEqual([2, 3, 4]);
  });

  it.each([
    ['a trailing comma', '{\n  "a": 1,\n}', "line 3: not valid JSON: expected a quoted name, found '}'"],
    [
      'a missing comma',
      '[\n  {"a": 1}\n  {"a": 2}\n]',
      "line 3: not valid JSON: expected a comma or ] after an item, found '{'",
    ],
    ['a single-quoted name', "{'a': 1}", 'line 1: not valid JSON: expected a quoted name, found a single quote'],
    [
      'a text broken over two lines',
      '{\n  "symbol": "RELI\nANCE"\n}',
      'line 2: not valid JSON: a quoted text is not closed on its line, or holds a control character or a bad escape',
    ],
    [
      'a name given twice',
      '{\n  "price": 1,\n  "price": 2\n}',
      'line 3: not valid JSON: the name "price" appears twice in one object',
    ],
    ['a bare word', '{"side": BUY}', "line 1: not valid JSON: unexpected 'B'"],
    ['a number with a leading plus', '[+1]', "line 1: not valid JSON: unexpected '+'"],
    ['text after the end', '{}\n{}', 'line 2: not valid JSON: more text follows the end of the JSON'],
    ['an end too early', '{\n  "data": [', 'line 2: not valid JSON: the file ends before the JSON does'],
    [
      'nesting past sixteen levels',
      `${'['.repeat(18)}${']'.repeat(18)}`,
      'line 1: not valid JSON: it is nested more than 16 levels deep',
    ],
  ])('rejects %s, naming the line', (_case, text, message) => {
    expect(rejection(text)).toBe(message);
  });

  it('refuses deep nesting without overflowing the stack', () => {
    expect(rejection('['.repeat(100_000))).toBe('line 1: not valid JSON: it is nested more than 16 levels deep');
  });
});
