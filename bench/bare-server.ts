// Bench reference: a bare node:http server answering a fixed ~20 KB HTML page (the ceiling to compare with).
import { createServer } from 'node:http';

const card = (i: number) =>
  `<li class="card"><a href="/members/${i}"><img src="/media/${i.toString(16).padStart(32, '0')}_thumb.jpg" alt="" width="240" height="320" loading="lazy">` +
  `<span class="name">Member ${i}, ${20 + (i % 40)}</span><span class="place">London, England</span></a></li>\n`;
let body = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Members - Amora</title>' +
  '<meta name="viewport" content="width=device-width, initial-scale=1"><link rel="stylesheet" href="/build/app.css"></head><body><main><ul class="cards">\n';
for (let i = 1; body.length < 20_000; i++) body += card(i);
body += '</ul></main></body></html>\n';
const page = Buffer.from(body);

const server = createServer((_req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': page.length });
  res.end(page);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  // run.ts reads this line to learn the port.
  console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
