/**
 * The analytics events of `bench:api`'s write-while-searching case, written from a process of
 * their own, as they come from other browsers than the searching ones: run in the measuring
 * client, each event's request and answer took that client's event loop and delayed the search
 * answers it was timing, which showed as a cost of the writes that the server never had.
 *
 * `node --import tsx bench/api/event-writer.ts PORT RATE` posts RATE events a second while
 * the parent has sent "on" (until "off"); on "stop" it answers `{ sent, failed }` and exits.
 */
import { Agent, request } from 'node:http';

const port = Number(process.argv[2]);
const perSecond = Number(process.argv[3]);

const EVENT = {
  type: 'search',
  channel: 'sales',
  country: 'GB',
  locale: 'en-GB',
  product: 'all',
  trigger: 'form',
  dropOff: false,
  resultCount: 99,
  latitude: 51.5,
  longitude: -0.12,
};
const body = JSON.stringify({ events: [EVENT] });
const agent = new Agent({ keepAlive: true, maxSockets: 4 });

let on = false;
let sent = 0;
let failed = 0;
let inFlight = 0;
let stopping = false;

/** After "stop": answers once every request sent has its answer (or its error). */
function reportWhenDone(): void {
  if (stopping && inFlight === 0) process.send?.({ sent, failed }, () => process.exit(0));
}

function settled(ok: boolean): void {
  inFlight -= 1;
  if (ok) sent += 1;
  else failed += 1;
  reportWhenDone();
}

function post(): void {
  inFlight += 1;
  const req = request(
    {
      host: '127.0.0.1',
      port,
      path: '/api/v1/analytics/events',
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    },
    (res) => {
      res.resume();
      res.on('end', () => {
        // A refused event counts as sent and failed, as before.
        if ((res.statusCode ?? 0) >= 300) failed += 1;
        settled(true);
      });
    },
  );
  req.on('error', () => settled(false));
  req.end(body);
}

const timer = setInterval(() => {
  if (on) post();
}, 1000 / perSecond);

process.on('message', (m) => {
  if (m === 'on') on = true;
  else if (m === 'off') on = false;
  else if (m === 'stop') {
    clearInterval(timer);
    on = false;
    stopping = true;
    reportWhenDone();
  }
});
process.send?.('ready');
