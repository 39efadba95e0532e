/**
 * Lets a handler answer some requests on the bare http server, before the Express application
 * (and so before its middleware and Nest's router) sees them: used for what must cost almost
 * nothing, such as a generated image variant already in memory (issue 20 "Speed").
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/** Answers the request and returns true, or writes nothing and returns false to pass it on. */
export type FirstAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Puts `answer` in front of the `request` listeners `server` has now (Express's): each request
 * goes to `answer` first, and to those listeners only when it returns false. A listener added
 * later (Socket.IO's engine wraps the listeners it finds, as this does) still sees every request.
 */
export function answerFirst(server: Server, answer: FirstAnswer): void {
  const listeners = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (answer(req, res)) return;
    for (const listener of listeners) listener.call(server, req, res);
  });
}
