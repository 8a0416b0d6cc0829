import { Button, Dialog, Flash, FormControl, Radio, RadioGroup } from '@primer/react';
import { useState } from 'react';
import { ABUSE_CATEGORIES, type AbuseCategory } from '../../../shared/notes/abuseCategories';
import { useReportAbuse } from './mutations';

/** The categories as the drawer lists them, in spec 001 section 3's order. */
const CATEGORY_LABELS: Record<AbuseCategory, string> = {
  spam: 'They are posting spam.',
  offensive: 'They are being offensive or abusive.',
  phishing: 'They are phishing.',
  crypto: 'They are crypto mining.',
  credentials: 'They are posting personal information or credentials.',
  copyright: 'They are violating a copyright or trademark.',
  malware: 'They are posting malware.',
  other: 'Something else.',
};

type Props = { userId: number; reportedFromUrl: string; onClose: () => void };

/** Spec 001 section 2.10: "Report abuse to administrator", a category required. */
export function ReportAbuseDrawer({ userId, reportedFromUrl, onClose }: Props) {
  const [category, setCategory] = useState<AbuseCategory | null>(null);
  const [missing, setMissing] = useState(false);
  const report = useReportAbuse();

  const submit = () => {
    if (!category) {
      setMissing(true);
      return;
    }
    report.mutate({ userId, category, reportedFromUrl });
  };

  return (
    <Dialog title="Report abuse to administrator" position="right" onClose={onClose} width="medium">
      {report.isSuccess ? (
        <div className="stack">
          <Flash variant="success">{report.data.message}</Flash>
          <Button onClick={onClose}>Close</Button>
        </div>
      ) : (
        <form
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          {report.isError && <Flash variant="danger">{report.error.message}</Flash>}
          <RadioGroup
            name="abuse_report[category]"
            required
            onChange={(value) => {
              setCategory(value as AbuseCategory);
              setMissing(false);
            }}
          >
            <RadioGroup.Label>Why are you reporting this user?</RadioGroup.Label>
            {ABUSE_CATEGORIES.map((value) => (
              <FormControl key={value}>
                <Radio value={value} checked={category === value} />
                <FormControl.Label>{CATEGORY_LABELS[value]}</FormControl.Label>
              </FormControl>
            ))}
            {missing && <RadioGroup.Validation variant="error">Choose a category.</RadioGroup.Validation>}
          </RadioGroup>
          <div className="row">
            <Button type="submit" variant="primary" loading={report.isPending}>
              Next
            </Button>
            <Button onClick={onClose}>Cancel</Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
