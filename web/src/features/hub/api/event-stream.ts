/** One server-sent event: its name (`message` when none is given) and its data lines joined by line breaks. */
export type ServerEvent = { event: string; data: string };

/**
 * Reads a text/event-stream body as it arrives, in chunks cut anywhere (mid-line, mid-character: the decoder keeps
 * partial characters): `push` returns the events completed by a chunk. Comment lines and fields other than `event` and
 * `data` are ignored, as the HTML standard's parser does.
 */
export class EventStreamParser {
  private readonly decoder = new TextDecoder();
  private buffer = '';
  private event = '';
  private data: string[] = [];

  push(chunk: Uint8Array | string): ServerEvent[] {
    this.buffer += typeof chunk === 'string' ? chunk : this.decoder.decode(chunk, { stream: true });
    const events: ServerEvent[] = [];
    let newline = this.buffer.search(/\r\n|\r|\n/);
    while (newline !== -1) {
      // A '\r' that ends the chunk may be the first half of '\r\n': wait for the next chunk.
      if (this.buffer[newline] === '\r' && newline === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, newline);
      const breakLength = this.buffer.startsWith('\r\n', newline) ? 2 : 1;
      this.buffer = this.buffer.slice(newline + breakLength);
      const event = this.line(line);
      if (event) events.push(event);
      newline = this.buffer.search(/\r\n|\r|\n/);
    }
    return events;
  }

  private line(line: string): ServerEvent | null {
    if (line === '') {
      if (this.data.length === 0) {
        this.event = '';
        return null;
      }
      const event = { event: this.event || 'message', data: this.data.join('\n') };
      this.event = '';
      this.data = [];
      return event;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    return null;
  }
}
