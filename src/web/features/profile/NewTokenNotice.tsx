import { CheckIcon, CopyIcon } from '@primer/octicons-react';
import { Flash, IconButton, TextInput } from '@primer/react';
import { useRef, useState } from 'react';
import type { NewPersonalAccessToken } from '../../../shared/api/accessTokens';

/** The new token's secret, shown this once, with a way to copy it. */
export function NewTokenNotice({ token }: { token: NewPersonalAccessToken }) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(token.token);
    } catch {
      // The clipboard API needs a secure origin; selecting the text still lets the user copy it.
      input.current?.select();
      document.execCommand('copy');
    }
    setCopied(true);
  };

  return (
    <Flash variant="success">
      <strong>Your new personal access token “{token.name}” has been created.</strong>
      <div className="new-token__value">
        <TextInput
          ref={input}
          block
          readOnly
          value={token.token}
          aria-label="Your new personal access token"
          onFocus={(event) => event.target.select()}
        />
        <IconButton
          icon={copied ? CheckIcon : CopyIcon}
          aria-label={copied ? 'Copied' : 'Copy personal access token'}
          onClick={() => void copy()}
        />
      </div>
      Make sure you save it - you won&apos;t be able to access it again.
    </Flash>
  );
}
