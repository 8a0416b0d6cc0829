// Where the Overview's render time goes: three loads of issue 4's busy merge request under
// Chromium's sampling profiler, the third printed as self time by bundled module and function and
// as time inside a few named components. Build the web app unminified first for readable names:
// `npx vite build --minify false && npx tsx bench/notes-profile.ts` (then `npm run build:web`).
import { buildApp } from '../src/server/app';
import { launchBrowser, newContext, signIn } from '../test/support/browser';
import { busyMergeRequest } from './notes-browser';
import { withBenchServer } from './server';

type Node = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
  children?: number[];
};

await withBenchServer('notes-profile', async ({ deps, container, owner }) => {
  const mrUrl = await busyMergeRequest(container, owner);
  const app = await buildApp(deps, { container });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await launchBrowser();
  try {
    for (let run = 0; run < 3; run++) {
      const context = await newContext(browser, address);
      const page = await context.newPage();
      await signIn(page, owner.username, owner.password);
      const cdp = await context.newCDPSession(page);
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      const t0 = Date.now();
      await page.goto(mrUrl);
      await page.waitForFunction(
        () => document.querySelectorAll('.activity__list > li[data-discussion-id]').length >= 300,
        null,
        { timeout: 120000 },
      );
      const wall = Date.now() - t0;
      const { profile } = (await cdp.send('Profiler.stop')) as {
        profile: {
          nodes: Node[];
          startTime: number;
          endTime: number;
          samples: number[];
          timeDeltas: number[];
        };
      };
      const dt = new Map<number, number>();
      profile.samples.forEach((id, i) => dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
      const self = new Map<string, number>();
      for (const node of profile.nodes) {
        const f = node.callFrame;
        const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
        self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0));
      }
      const total = [...self.values()].reduce((a, b) => a + b, 0);
      console.log(`run ${run}: wall ${wall} ms, profiled ${Math.round(total)} ms`);
      if (run === 2) {
        const { readFileSync, readdirSync } = await import('node:fs');
        const bundle = readdirSync('dist/web/assets').find((f) => /^index-.*\.js$/.test(f))!;
        const lines = readFileSync(`dist/web/assets/${bundle}`, 'utf8').split('\n');
        const moduleAt: string[] = [];
        let current = '(app)';
        lines.forEach((line, i) => {
          const m = /^\/\/ (\S+)/.exec(line);
          if (m && m[1]!.includes('/'))
            current = m[1]!
              .replace(/^node_modules\//, '')
              .split('/')
              .slice(0, 3)
              .join('/');
          moduleAt[i] = current;
        });
        const byModule = new Map<string, number>();
        const byName = new Map<string, number>();
        const parent = new Map<number, number>();
        for (const node of profile.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
        const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
        for (const node of profile.nodes) {
          const f = node.callFrame;
          const mod = f.url.includes('index-')
            ? (moduleAt[f.lineNumber] ?? '?')
            : f.url
              ? 'other-script'
              : f.functionName || '(native)';
          byModule.set(mod, (byModule.get(mod) ?? 0) + (dt.get(node.id) ?? 0));
          // inclusive by function name: charge this node's self time to every distinct ancestor name
          const seen = new Set<string>();
          let id: number | undefined = node.id;
          while (id !== undefined) {
            const n = nodeById.get(id)!;
            const name = n.callFrame.functionName;
            if (name && !seen.has(name)) {
              seen.add(name);
              byName.set(name, (byName.get(name) ?? 0) + (dt.get(node.id) ?? 0));
            }
            id = parent.get(id);
          }
        }
        console.log('--- self by module');
        for (const [key, ms] of [...byModule.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
          console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
        console.log('--- inclusive by name');
        for (const name of [
          'NoteItem',
          'NoteActions',
          'NoteHeader',
          'EmojiPicker',
          'ThreadIconButton',
          'IconButton',
          'MoreActions',
          'MarkdownBody',
          'Thread',
          'DiscussionThread',
          'DiffExcerpt',
          'RelativeTime',
          'RelativeTimeElement',
          'useMutation',
          'usePendingNotes',
          'useMutationState',
          'useNoteTaskList',
          'useTaskList',
          'useDeleteNote',
          'useToggleAward',
          'useResolveDiscussion',
          'NoteAvatar',
          'Label',
          'Button',
          'EmojiAwards',
          'RepliesToggle',
          'SystemNote',
          'commitRoot',
          'performWorkUntilDeadline',
          'renderRootSync',
          'workLoopSync',
          'flushPassiveEffects',
          'commitLayoutEffects',
          'commitMutationEffects',
          'connectedCallback',
          'update',
          'json',
          'parse',
        ])
          console.log(`${(byName.get(name) ?? 0).toFixed(1).padStart(8)}  ${name}`);
        for (const [key, ms] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 20))
          console.log(`${ms.toFixed(1).padStart(8)}  ${key}`);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await app.close();
  }
});
process.exit(0);
