/**
 * Staff sign-in texts (staff-side.md §2 "Admin login", §8; decisions.md §1). The calls are in
 * http/auth.ts.
 */

/** The spec's texts of the login screen, kept verbatim. */
export const AUTH_TEXTS = {
  title: 'Admin Login',
  invalidPassword: 'Invalid password. Please try again.',
  loginFailed: 'Login failed',
  success: 'Login successful',
  welcome: 'Welcome to the admin panel',
} as const;
