import { describe, expect, it } from 'vitest';
import { describeIsolation } from '../runner/sandbox';
import { createRunnerIsolation } from './runner-isolation';

describe('how the admin runners page says jobs are isolated', () => {
  it("keeps the embedded runner's isolation line from its output", () => {
    const isolation = createRunnerIsolation('embedded');
    expect(isolation.describe()).toMatch(/has not reported/);
    isolation.heard('Runner started');
    const line = describeIsolation({ kind: 'user', jobUser: { name: 'nobody', uid: 65534, gid: 65534 } });
    isolation.heard(line);
    isolation.heard('Checking for jobs... received job 1');
    expect(isolation.describe()).toBe(line);
  });

  it('says no runner is started with RUNNER=none', () => {
    expect(createRunnerIsolation('none').describe()).toMatch(/RUNNER=none/);
  });
});
