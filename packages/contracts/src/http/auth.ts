/**
 * Staff sign-in calls (staff-side.md §2 "Admin login", §8; decisions.md §1, §2). The session is
 * the `ironclad.sid` cookie; POST /api/auth/logout answers 204 (also without a session).
 */
import { z } from 'zod';

/**
 * Body of POST /api/auth/login. Errors: 400 field errors; 401 'Invalid password. Please try
 * again.' (wrong email or password); 429 RATE_LIMITED with Retry-After (seconds).
 */
export const loginSchema = z
  .object({
    email: z
      .string()
      .trim()
      .min(1, { error: 'Email is required.' })
      .max(254)
      .pipe(z.email({ error: 'Valid email is required.' })),
    password: z.string().min(1, { error: 'Password is required.' }).max(1024),
  })
  .strict();
export type LoginInput = z.input<typeof loginSchema>;

/** The signed-in staff user as the API returns it. */
export const staffUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type StaffUser = z.output<typeof staffUserSchema>;

/** 200 answer of POST /api/auth/login: `{message: 'Login successful', description: 'Welcome to the admin panel', user}`. */
export const loginResponseSchema = z.object({ message: z.string(), description: z.string(), user: staffUserSchema });
export type LoginResponse = z.output<typeof loginResponseSchema>;

/** 200 answer of GET /api/auth/me: the session's user, or `{user: null}` when signed out. */
export const meResponseSchema = z.object({ user: staffUserSchema.nullable() });
export type MeResponse = z.output<typeof meResponseSchema>;
