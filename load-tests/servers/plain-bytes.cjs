// The baseline of bench:market: a plain Node http server sending fixed bytes, read once from the JSON file named by
// BYTES_FILE ({ "<path>": { "body": "<base64>", "encoding"?: "br" } }), as fast as this machine sends a body of that
// size. Unknown paths: 404.
const { readFileSync } = require('node:fs');
const http = require('node:http');

const answers = new Map(
  Object.entries(JSON.parse(readFileSync(process.env.BYTES_FILE, 'utf8'))).map(([path, { body, encoding }]) => {
    const bytes = Buffer.from(body, 'base64');
    const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length };
    return [path, { bytes, headers: encoding ? { ...headers, 'content-encoding': encoding } : headers }];
  }),
);

const server = http.createServer((request, response) => {
  const answer = answers.get(request.url);
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, answer.headers).end(answer.bytes);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('READY\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
