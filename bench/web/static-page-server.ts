// The web bench's baseline: a bare node:http server answering one static HTML page of about 1 KB from
// memory, so the storefront's timings can be read against what this machine and browser need for a
// page that does nothing. Port from argv; prints "ready" once listening.
import { createServer } from 'node:http';

const port = Number(process.argv[2]);
const filler = 'Статическая страница для сравнения: ни скриптов, ни стилей, ни запросов. '.repeat(7);
const html = Buffer.from(
  `<!doctype html><html lang="ru"><head><meta charset="utf-8"><title>Baseline</title></head>` +
    `<body><h1>Baseline</h1><p>${filler}</p></body></html>`,
);

createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': html.length,
    'cache-control': 'no-cache',
  });
  response.end(html);
}).listen(port, '127.0.0.1', () => console.log('ready'));
