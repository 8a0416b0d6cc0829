/** Why a note is reported, as GitLab's abuse report form names the reasons. */
export const ABUSE_CATEGORIES = [
  'spam',
  'offensive',
  'phishing',
  'crypto',
  'credentials',
  'copyright',
  'malware',
  'other',
] as const;
export type AbuseCategory = (typeof ABUSE_CATEGORIES)[number];
