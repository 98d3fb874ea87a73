/** Where the footer's newsletter sign-up posts (routes/newsletter-signup.tsx); not a path of §2. */
export const newsletterSignupPath = '/newsletter/signup';
