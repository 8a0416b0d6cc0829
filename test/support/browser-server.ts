import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { chromiumOptions } from './browser';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the browser suite's one Chromium listens; empty outside it. */
    chromiumEndpoint: string;
  }
}

/**
 * One Chromium for the whole browser suite: each test file connects to it and its contexts (own
 * cookies and storage) close with the file, so no file pays for starting and stopping a browser
 * (about 1.5 s each on CI's two cores, docs/decisions.md).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer(chromiumOptions);
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return () => server.close();
}
