/**
 * The console's sign-in contract, shared by the server (which validates and documents it) and
 * the console (which reads it): the sign-in body, and the session as the console sees it.
 */
import { z } from 'zod';

export const consoleRoleSchema = z.enum(['viewer', 'editor', 'admin']).meta({
  id: 'ConsoleRole',
  description:
    'viewer reads everything; editor also changes stores and runs imports; admin also ' +
    'manages accounts, API keys and webhooks.',
});
export type ConsoleRoleName = z.infer<typeof consoleRoleSchema>;

export const signInBodySchema = z
  .object({
    email: z.string().min(1).max(320),
    password: z.string().min(1).max(1024),
  })
  .strict()
  .meta({ id: 'SignIn', description: "A console account's email address and password." });

export const consoleSessionSchema = z
  .object({
    account: z.object({ email: z.string(), role: consoleRoleSchema }),
    /** Send it back in X-CSRF-Token with every state-changing console request. */
    csrfToken: z.string(),
  })
  .meta({
    id: 'ConsoleSession',
    description:
      'The signed-in account, and the CSRF token every state-changing console request sends ' +
      'in X-CSRF-Token.',
  });
export type ConsoleSessionAnswer = z.infer<typeof consoleSessionSchema>;
