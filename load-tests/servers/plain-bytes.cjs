// The baseline of bench:market: a plain Node http server sending fixed bytes, read once from the JSON file named by
// BYTES_FILE ({ "<path>": "<base64 body>" }), as fast as this machine sends a body of that size. Unknown paths: 404.
const { readFileSync } = require('node:fs');
const http = require('node:http');

const bodies = new Map(Object.entries(JSON.parse(readFileSync(process.env.BYTES_FILE, 'utf8'))).map(([path, base64]) => [path, Buffer.from(base64, 'base64')]));

const server = http.createServer((request, response) => {
  const body = bodies.get(request.url);
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }).end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('READY\n'));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
