// The baseline: a bare node:http server answering recorded bytes from memory, with the same headers
// the API sends. Reads {port, answers: {path: {body, headers}}} as JSON on stdin, prints "ready".
import { createServer } from 'node:http';

interface Recorded {
  body: string;
  headers: Record<string, string>;
}

const chunks: Buffer[] = [];
for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
const { port, answers } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
  port: number;
  answers: Record<string, Recorded>;
};
const prepared = new Map(
  Object.entries(answers).map(([path, a]) => [path, { ...a, bytes: Buffer.from(a.body) }]),
);

createServer((request, response) => {
  const answer = prepared.get(request.url ?? '');
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { ...answer.headers, 'content-length': answer.bytes.length });
  response.end(answer.bytes);
}).listen(port, '127.0.0.1', () => console.log('ready'));
