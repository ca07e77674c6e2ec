/**
 * A webpack plugin (production builds) that pre-renders the guest pages (DESIGN §12):
 * it bundles `src/app/prerender.tsx` for Node with esbuild (the same configuration values the
 * bundle is built with), renders sign-in, sign-up and reset-password with the app's own tree,
 * and emits
 * - `sign-in.html`, `sign-up.html`, `reset-password.html`: `index.html` with the page's markup in
 *   `#root`, the route's chunk preloaded, and the "is this page still right for this visitor"
 *   script in the head (firebase.json rewrites each path to its file);
 * - `assets/antd.<hash>.css`: the antd styles of those pages, linked from every page (index.html
 *   too), so antd takes them as present instead of computing and injecting them.
 *
 * The head script is inline and constant; its hash must be in firebase.json's CSP `script-src`
 * (the build fails naming the value otherwise).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { build } from 'esbuild';
import type { Compilation, Compiler } from 'webpack';
import type { AppConfig } from '../src/config/config-schema';
import type { PrerenderedPage, prerenderPages as PrerenderPages } from '../src/app/prerender';
import { STALE_CHECK_CSP, STALE_CHECK_SCRIPT } from './prerender-stale-check';

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
    if (!readFileSync(this.options.firebaseJson, 'utf8').includes(STALE_CHECK_CSP)) {
      compilation.errors.push(
        new compiler.webpack.WebpackError(
          `PrerenderPlugin: firebase.json's Content-Security-Policy script-src must allow the pre-rendered pages' head script: add ${STALE_CHECK_CSP}`,
        ),
      );
      return;
    }
    const { pages, css } = await this.render(compiler.context);
    const cssFile = `assets/antd.${createHash('sha256').update(css).digest('hex').slice(0, 10)}.css`;
    compilation.emitAsset(cssFile, new RawSource(css), { minimized: true });
    const stylesheet = `<link rel="stylesheet" href="/${cssFile}" />`;

    const template = compilation.getAsset('index.html');
    if (!template) throw new Error('PrerenderPlugin: index.html was not emitted (HtmlWebpackPlugin first).');
    const index = template.source.source().toString();
    compilation.updateAsset('index.html', new RawSource(index.replace('</head>', `${stylesheet}</head>`)));

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
   * after the first paint (scripts/prerender-stale-check.ts).
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
      .replace('</head>', `<script>${STALE_CHECK_SCRIPT}</script>${stylesheet}</head>`)
      .replace(
        ROOT_PLACEHOLDER,
        `<div id="root" data-prerendered="${page.path}">${page.html}</div><div class="boot boot-stale">Starting Triage…</div>` +
          `<template id="triage-scripts">${scripts.join('')}${preloads}</template>`,
      );
  }

  /** Bundles src/app/prerender.tsx for Node and runs it. */
  private async render(context: string): Promise<{ pages: PrerenderedPage[]; css: string }> {
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
    const { prerenderPages } = createRequire(outfile)(outfile) as { prerenderPages?: typeof PrerenderPages };
    if (!prerenderPages) throw new Error('PrerenderPlugin: src/app/prerender.tsx exports no prerenderPages.');
    return prerenderPages(this.options.config);
  }
}
