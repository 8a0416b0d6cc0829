import type { AbuseCategory } from '../../../shared/notes/abuseCategories';

/** How the admin list names each category, as GitLab's admin area does. */
export const ABUSE_CATEGORY_LABELS: Record<AbuseCategory, string> = {
  spam: 'Spam',
  offensive: 'Offensive or abusive behavior',
  phishing: 'Phishing',
  crypto: 'Crypto mining',
  credentials: 'Personal information or credentials',
  copyright: 'Copyright or trademark violation',
  malware: 'Malware',
  other: 'Other',
};

/**
 * The "reported from" address as a link target, or null when it must stay plain text: the
 * reporter typed it, so only web addresses and paths on this site become links.
 */
export function reportedFromHref(url: string): string | null {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : null;
  } catch {
    return null;
  }
}
