/**
 * A webpack plugin (production builds) that pre-renders the guest pages and the signed-in frame
 * (DESIGN §12): it bundles `src/app/prerender.tsx` for Node with esbuild (the same configuration
 * values the bundle is built with), renders sign-in, sign-up and reset-password, and each role's
 * signed-in frame in a phone's and a wide window's layout, with the app's own tree, and emits
 * - `sign-in.html`, `sign-up.html`, `reset-password.html`: `index.html` with the page's markup in
 *   `#root`, the route's chunk preloaded, and the "is this page still right for this visitor"
 *   script in the head (firebase.json rewrites each path to its file);
 * - `assets/antd.<hash>.css`: the antd styles of those pages, linked from them, so antd takes
 *   them as present instead of computing and injecting them;
 * - in `index.html` (every signed-in address): `assets/antd-frame.<hash>.css`, the frames' antd
 *   styles (only those: every rule in a page costs each style recalculation); the frames as
 *   `<template>`s and the script that shows the visitor's before the first paint; the route
 *   preload's head script and its table — for each signed-in route, the files of the frame, the
 *   backend and the route's screen beyond the entry (the build fails when a route's `chunk` names
 *   no chunk).
 *
 * The head scripts are inline and constant; their hashes must be in firebase.json's CSP
 * `script-src` (the build fails naming the value otherwise).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Compilation, Compiler } from 'webpack';
import type { AppConfig } from '../../src/config/config-schema';
import type {
  PrerenderedFrame,
  PrerenderedPage,
  prerenderPages as PrerenderPages,
  RoutePreloadTable,
  routePreloadTable as RoutePreloadTableOf,
} from '../../src/app/prerender';
import {
  FRAME_CSP,
  FRAME_SCRIPT,
  frameTemplateId,
  ROUTE_CHUNKS_ID,
  ROUTE_PRELOAD_CSP,
  ROUTE_PRELOAD_SCRIPT,
  STALE_CHECK_CSP,
  STALE_CHECK_SCRIPT,
} from './prerender-stale-check';

/** The chunks every signed-in address needs beyond the entry: the frame (src/app/router.tsx) and the backend (src/app/backend.ts). */
const SIGNED_IN_CHUNKS = ['shell', 'backend'];

/** `#root` with its start-up line, as html-webpack-plugin's minifier writes it (quotes or not). */
const ROOT_PLACEHOLDER = /<div id="?root"?>[\s\S]*?<\/div><\/div>/;
/** HtmlWebpackPlugin's script tags in index.html (minified: `<script defer src=/assets/main.<hash>.js>`). */
const DEFERRED_SCRIPT = /<script defer(?:="defer")? src="?([^"\s>]+)"?><\/script>/g;

export interface PrerenderOptions {
  /** The configuration the bundle is built with. */
  config: AppConfig;
  /** DefinePlugin's replacements, given to the Node bundle too. */
  define: Record<string, string>;
  /** firebase.json, whose CSP must allow the head script. */
  firebaseJson: string;
}

/** See the file's comment. */
export class PrerenderPlugin {
  constructor(private readonly options: PrerenderOptions) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrerenderPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'PrerenderPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER - 20 },
        () => this.emit(compilation, compiler),
      );
    });
  }

  private async emit(compilation: Compilation, compiler: Compiler): Promise<void> {
    const { RawSource } = compiler.webpack.sources;
    const firebaseJson = readFileSync(this.options.firebaseJson, 'utf8');
    const notAllowed = (
      [
        [STALE_CHECK_CSP, "the pre-rendered pages' head script"],
        [ROUTE_PRELOAD_CSP, "index.html's route preload script"],
        [FRAME_CSP, "index.html's frame script"],
      ] as const
    ).filter(([source]) => !firebaseJson.includes(source));
    if (notAllowed.length > 0) {
      for (const [source, what] of notAllowed) {
        compilation.errors.push(
          new compiler.webpack.WebpackError(
            `PrerenderPlugin: firebase.json's Content-Security-Policy script-src must allow ${what}: add ${source}`,
          ),
        );
      }
      return;
    }
    const { pages, frames, css, frameCss, routes } = await this.render(compiler.context);
    const stylesheetOf = (name: string, content: string) => {
      const file = `assets/${name}.${createHash('sha256').update(content).digest('hex').slice(0, 10)}.css`;
      compilation.emitAsset(file, new RawSource(content), { minimized: true });
      return `<link rel="stylesheet" href="/${file}" />`;
    };
    const stylesheet = stylesheetOf('antd', css);
    const frameStylesheet = stylesheetOf('antd-frame', frameCss);

    const template = compilation.getAsset('index.html');
    if (!template) throw new Error('PrerenderPlugin: index.html was not emitted (HtmlWebpackPlugin first).');
    const index = template.source.source().toString();
    const preload =
      `<script type="application/json" id="${ROUTE_CHUNKS_ID}">${JSON.stringify(this.routeFiles(routes, compilation))}</script>` +
      `<script>${ROUTE_PRELOAD_SCRIPT}</script>`;
    // A replacer function: the script holds `$'`, which a replacement string would expand.
    const html = index
      .replace('</head>', () => `${frameStylesheet}${preload}</head>`)
      .replace('</body>', () => `${this.frameTemplates(frames)}<script>${FRAME_SCRIPT}</script></body>`);
    compilation.updateAsset('index.html', new RawSource(html));

    for (const page of pages) {
      const name = page.path.slice(1);
      // Marked minimized: a minifier must not touch the markup React is to hydrate.
      compilation.emitAsset(`${name}.html`, new RawSource(this.pageHtml(index, page, stylesheet, compilation)), {
        minimized: true,
      });
    }
  }

  /**
   * index.html with `page` in `#root` and the stale check in the head; the app's scripts and the
   * route chunk's preload wait in `<template id="triage-scripts">` until the head script adds them
   * after the first paint (scripts/build/prerender-stale-check.ts).
   */
  private pageHtml(index: string, page: PrerenderedPage, stylesheet: string, compilation: Compilation): string {
    const chunk = [...compilation.chunks].find((candidate) => candidate.name === page.path.slice(1));
    const preloads = [...(chunk?.files ?? [])]
      .filter((file) => file.endsWith('.js'))
      .map((file) => `<link rel="preload" as="script" href="/${file}" />`)
      .join('');
    if (!ROOT_PLACEHOLDER.test(index)) throw new Error('PrerenderPlugin: index.html has no #root start-up line.');
    const scripts = [...index.matchAll(DEFERRED_SCRIPT)].map((match) => `<script src="${match[1]}"></script>`);
    if (scripts.length === 0) throw new Error('PrerenderPlugin: index.html has no deferred script to hold back.');
    return index
      .replace(DEFERRED_SCRIPT, '')
      .replace('</head>', () => `<script>${STALE_CHECK_SCRIPT}</script>${stylesheet}</head>`)
      .replace(
        ROOT_PLACEHOLDER,
        `<div id="root" data-prerendered="${page.path}">${page.html}</div><div class="boot boot-stale">Starting Triage…</div>` +
          `<template id="triage-scripts">${scripts.join('')}${preloads}</template>`,
      );
  }

  /**
   * The signed-in frames as `<template>`s for the frame script (scripts/build/prerender-stale-check.ts).
   * @throws when a frame does not show the stand-in person the script writes over.
   */
  private frameTemplates(frames: PrerenderedFrame[]): string {
    return frames
      .map(({ role, layout, html }) => {
        if (!html.includes('Frame Person') || !html.includes('triage-header-name')) {
          throw new Error(`PrerenderPlugin: the ${role} frame (${layout}) does not show the stand-in person's name.`);
        }
        return `<template id="${frameTemplateId(role, layout)}">${html}</template>`;
      })
      .join('');
  }

  /**
   * The route preload's table (scripts/build/prerender-stale-check.ts): the frame's and the backend's
   * files as `common`, and each signed-in route's own files beyond those and the entry's.
   * @throws when a route's chunk or a signed-in chunk has no chunk group (a renamed
   *   `webpackChunkName`): the build fails naming it.
   */
  private routeFiles(table: RoutePreloadTable, compilation: Compilation) {
    const filesOf = (name: string) => {
      const group = compilation.namedChunkGroups.get(name);
      if (!group)
        throw new Error(
          `PrerenderPlugin: no chunk is named "${name}" (a route's \`chunk\` or its webpackChunkName changed).`,
        );
      return group.getFiles().filter((file) => file.endsWith('.js'));
    };
    const entry = new Set([...compilation.entrypoints.values()].flatMap((group) => group.getFiles()));
    const common = [...new Set(SIGNED_IN_CHUNKS.flatMap(filesOf))].filter((file) => !entry.has(file));
    const before = new Set([...entry, ...common]);
    return {
      common,
      home: table.home,
      routes: table.routes.map(({ path: route, roles, chunk }) => ({
        path: route,
        roles,
        files: filesOf(chunk).filter((file) => !before.has(file)),
      })),
    };
  }

  /** Bundles src/app/prerender.tsx for Node and runs it. */
  private async render(context: string): Promise<{
    pages: PrerenderedPage[];
    frames: PrerenderedFrame[];
    css: string;
    frameCss: string;
    routes: RoutePreloadTable;
  }> {
    const outfile = path.join(os.tmpdir(), `triage-prerender-${process.pid}.cjs`);
    mkdirSync(path.dirname(outfile), { recursive: true });
    const result = await build({
      absWorkingDir: context,
      entryPoints: ['src/app/prerender.tsx'],
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      write: false,
      logLevel: 'error',
      jsx: 'automatic',
      // The adapter is loaded on first use of the backend, which rendering never does.
      external: ['@backend-adapter', 're2'],
      define: { ...this.options.define, 'process.env.NODE_ENV': '"production"' },
    });
    const [bundle] = result.outputFiles;
    if (!bundle) throw new Error('PrerenderPlugin: esbuild wrote no bundle.');
    writeFileSync(outfile, bundle.contents);
    // webpack loads this file as CommonJS (ts-node), and the bundle is CommonJS.
    const { prerenderPages, routePreloadTable } = createRequire(outfile)(outfile) as {
      prerenderPages?: typeof PrerenderPages;
      routePreloadTable?: typeof RoutePreloadTableOf;
    };
    if (!prerenderPages || !routePreloadTable) {
      throw new Error('PrerenderPlugin: src/app/prerender.tsx must export prerenderPages and routePreloadTable.');
    }
    return { ...(await prerenderPages(this.options.config)), routes: routePreloadTable() };
  }
}
