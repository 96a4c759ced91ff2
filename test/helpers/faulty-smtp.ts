// An SMTP peer for fault tests, on one port: a real smtp-server that captures what it receives, or
// that refuses (421 at the greeting: "try later"; 550 at RCPT: "no such mailbox"), or a socket that
// accepts connections and never says a word (a frozen server).
import { createServer, type Server, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort, type CapturedMail } from './smtp.js';

export type SmtpMode = 'healthy' | '421' | '550' | 'silent';

export interface FaultySmtp {
  url: string;
  mails: CapturedMail[];
  /** Starts or switches what the peer does; connections of the previous mode are dropped. */
  set(mode: SmtpMode): Promise<void>;
  stop(): Promise<void>;
}

function refusal(message: string, responseCode: number): Error {
  return Object.assign(new Error(message), { responseCode });
}

export async function faultySmtp(): Promise<FaultySmtp> {
  const port = await freePort();
  const mails: CapturedMail[] = [];
  let smtp: SMTPServer | undefined;
  let silent: Server | undefined;
  const held = new Set<Socket>();

  const stop = async () => {
    if (smtp) await new Promise<void>((resolve) => smtp!.close(() => resolve()));
    if (silent) {
      for (const s of held) s.destroy();
      held.clear();
      await new Promise<void>((resolve) => silent!.close(() => resolve()));
    }
    smtp = undefined;
    silent = undefined;
  };

  return {
    url: `smtp://127.0.0.1:${port}?tls=off`,
    mails,
    async set(mode) {
      await stop();
      if (mode === 'silent') {
        silent = createServer((socket) => {
          held.add(socket);
          socket.on('close', () => held.delete(socket));
          socket.on('error', () => undefined);
        });
        await new Promise<void>((resolve) => silent!.listen(port, '127.0.0.1', resolve));
        return;
      }
      smtp = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onConnect(_session, callback) {
          callback(mode === '421' ? refusal('Service not available, try again later', 421) : undefined);
        },
        onRcptTo(_address, _session, callback) {
          callback(mode === '550' ? refusal('Mailbox unavailable', 550) : undefined);
        },
        onData(stream, session, callback) {
          let raw = '';
          stream.setEncoding('utf8');
          stream.on('data', (chunk: string) => (raw += chunk));
          stream.on('end', () => {
            mails.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
            callback();
          });
        },
      });
      await new Promise<void>((resolve) => smtp!.listen(port, '127.0.0.1', resolve));
    },
    stop,
  };
}
