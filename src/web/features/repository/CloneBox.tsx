import { CopyField } from '../../components/CopyField';
import './clone-box.css';

/** The HTTP clone URL, selectable and with a copy button. */
export function CloneBox({ url }: { url: string }) {
  return (
    <CopyField
      label="Clone with HTTP"
      value={url}
      copyLabel="Copy URL"
      className="clone-box"
      labelClassName="clone-box__label"
    />
  );
}
