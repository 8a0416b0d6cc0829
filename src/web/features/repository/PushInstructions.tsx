import { Heading } from '@primer/react';

/** What an empty repository shows: how to push a first branch to it. */
export function PushInstructions({ fullPath, httpUrl }: { fullPath: string; httpUrl: string }) {
  const folder = fullPath.slice(fullPath.lastIndexOf('/') + 1);
  return (
    <section className="box push-instructions" aria-labelledby="push-instructions-title">
      <div className="box__row">
        <Heading as="h2" id="push-instructions-title" className="repo-title">
          The repository for this project is empty
        </Heading>
        <p className="muted">Push a branch from your computer to get started.</p>
      </div>
      <div className="box__row">
        <h3 className="push-instructions__step">Clone it and add a first file</h3>
        <pre className="code">
          {[
            `git clone ${httpUrl}`,
            `cd ${folder}`,
            'git switch --create main',
            'touch README.md',
            'git add README.md',
            'git commit -m "Add README"',
            'git push --set-upstream origin main',
          ].join('\n')}
        </pre>
      </div>
      <div className="box__row">
        <h3 className="push-instructions__step">Or push an existing folder</h3>
        <pre className="code">
          {[
            'cd existing_folder',
            'git init --initial-branch=main',
            `git remote add origin ${httpUrl}`,
            'git add .',
            'git commit -m "Initial commit"',
            'git push -u origin main',
          ].join('\n')}
        </pre>
      </div>
    </section>
  );
}
