import { EventStreamParser } from './event-stream';

describe('EventStreamParser', () => {
  it('reads events cut anywhere across chunks, even inside a character', () => {
    const parser = new EventStreamParser();
    const bytes = new TextEncoder().encode(': Intelligence Hub: RELIANCE\n\nevent: agent\ndata: {"text":"₹2,971.70"}\n\nevent: report\ndata: {"ok":true}\n\n');
    const events = [];
    for (let index = 0; index < bytes.length; index += 7) events.push(...parser.push(bytes.slice(index, index + 7)));
    expect(events).toEqual([
      { event: 'agent', data: '{"text":"₹2,971.70"}' },
      { event: 'report', data: '{"ok":true}' },
    ]);
  });

  it('joins data lines, names an unnamed event message, and takes \\r\\n and \\r line ends', () => {
    const parser = new EventStreamParser();
    expect(parser.push('data: one\r\ndata: two\r')).toEqual([]);
    expect(parser.push('\n\r\nevent: error\rdata:{"detail":"x"}\r\r: next\n')).toEqual([
      { event: 'message', data: 'one\ntwo' },
      { event: 'error', data: '{"detail":"x"}' },
    ]);
  });

  it('ignores comments, unknown fields and blocks without data', () => {
    const parser = new EventStreamParser();
    expect(parser.push(': keep-alive\n\nid: 4\nretry: 100\n\nevent: agent\n\n')).toEqual([]);
  });
});
