import { CheckIcon, CopyIcon } from '@primer/octicons-react';
import { IconButton, TextInput } from '@primer/react';
import { useId, useState } from 'react';
import './clone-box.css';

/** The HTTP clone URL, selectable and with a copy button. */
export function CloneBox({ url }: { url: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(url).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <div className="clone-box">
      <label htmlFor={id} className="clone-box__label">
        Clone with HTTP
      </label>
      <TextInput id={id} block readOnly value={url} onFocus={(event) => event.target.select()} />
      <IconButton
        icon={copied ? CheckIcon : CopyIcon}
        aria-label={copied ? 'Copied' : 'Copy URL'}
        onClick={copy}
      />
    </div>
  );
}
