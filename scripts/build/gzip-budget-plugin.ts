/**
 * A webpack plugin that prints every emitted JS chunk's gzip size and fails the production
 * build when a budget is exceeded (webpack's own `performance` hints only know raw bytes).
 * It also writes `build-report.json` beside the output, which `scripts/check/build.mjs` reads.
 *
 * Budgets (KiB gzip):
 * - the initial JS of a named route (entry chunks + that route's chunk group);
 * - every async chunk group on its own — named or not, so a screen cannot slip out of its
 *   budget with an unnamed `import()` — counting every file of the group (its own chunk and
 *   the split vendor chunks it needs), minus what is certainly loaded already: the entry
 *   chunks, and for routes behind the signed-in frame the frame's chunk groups;
 * - the frame's chunk groups on their own, with their own budget (they are not routes);
 * - chunk groups the backend adapter loads lazily (e.g. the Firestore SDK, kept out of the
 *   sign-in page) on their own, with the adapter budget.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Compilation, Compiler } from 'webpack';

/** Budgets in KiB (1024 bytes) of gzip output. */
export interface GzipBudgets {
  /** Route chunk-group names whose initial JS (entry + route) is checked against `initialKiB`. */
  initialRoutes: string[];
  initialKiB: number;
  /** Budget for each async chunk group (a route screen with its own split chunks). */
  routeKiB: number;
  /**
   * Chunk groups that are always loaded before some routes (the signed-in frame: the layout
   * and the backend adapter it waits for), with their own budget each, and the routes behind
   * them: those routes' budget counts only what they add on top of the frame.
   */
  frame?: { groups: string[]; frameKiB: number; routes: string[] };
  /**
   * Unnamed chunk groups whose every `import()` is in this directory (the backend adapters'
   * lazily loaded SDKs) are held to `kib` instead of the route budget.
   */
  lazyAdapter?: { dir: string; kib: number };
}

/** One line of the build report. */
export interface ChunkReport {
  file: string;
  bytes: number;
  gzipBytes: number;
}

/** The report written to `build-report.json`. */
export interface BuildReport {
  chunks: ChunkReport[];
  entry: { files: string[]; gzipBytes: number };
  routes: Record<
    string,
    {
      files: string[];
      gzipBytes: number;
      initialGzipBytes: number;
      /** The budget `gzipBytes` is held to, KiB. */
      budgetKiB: number;
      kind: 'frame' | 'behind-frame' | 'on-entry' | 'lazy-adapter';
    }
  >;
  budgets: GzipBudgets;
  errors: string[];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

const KIND_LABELS: Record<BuildReport['routes'][string]['kind'], string> = {
  frame: 'frame       ',
  'behind-frame': 'on the frame',
  'on-entry': 'own         ',
  'lazy-adapter': 'lazy adapter',
};

/** The file an `import()` is written in, when webpack knows it. */
function originPath(module: unknown): string | undefined {
  const resource = (module as { resource?: unknown } | null)?.resource;
  return typeof resource === 'string' ? resource : undefined;
}

/** See the file comment. */
export class GzipBudgetPlugin {
  constructor(private readonly budgets: GzipBudgets) {}

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('GzipBudgetPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'GzipBudgetPlugin', stage: compiler.webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => this.report(compilation, compiler),
      );
    });
  }

  private report(compilation: Compilation, compiler: Compiler): void {
    const sizes = new Map<string, ChunkReport>();
    for (const asset of compilation.getAssets()) {
      if (!asset.name.endsWith('.js')) continue;
      const source = asset.source.buffer();
      sizes.set(asset.name, {
        file: asset.name,
        bytes: source.length,
        gzipBytes: gzipSync(source, { level: 9 }).length,
      });
    }
    const sum = (files: string[]) => files.reduce((total, file) => total + (sizes.get(file)?.gzipBytes ?? 0), 0);
    const jsFiles = (files: Iterable<string>) => [...files].filter((file) => file.endsWith('.js'));

    const entryFiles = new Set<string>();
    for (const entrypoint of compilation.entrypoints.values()) {
      for (const file of jsFiles(entrypoint.getFiles())) entryFiles.add(file);
    }
    const entry = { files: [...entryFiles], gzipBytes: sum([...entryFiles]) };

    const errors: string[] = [];
    const routes: BuildReport['routes'] = {};
    const frame = this.budgets.frame;
    const frameFiles = new Set<string>();
    for (const name of frame?.groups ?? []) {
      const group = compilation.chunkGroups.find((candidate) => candidate.name === name);
      if (!group) errors.push(`Frame chunk group "${name}" does not exist (check its webpackChunkName).`);
      for (const file of jsFiles(group?.getFiles() ?? [])) if (!entryFiles.has(file)) frameFiles.add(file);
    }
    for (const name of frame?.routes ?? []) {
      if (!compilation.chunkGroups.some((group) => group.name === name)) {
        errors.push(`Route "${name}" behind the frame has no chunk group (check its webpackChunkName).`);
      }
    }
    const frameBytes = sum([...frameFiles]);
    for (const group of compilation.chunkGroups) {
      if (group.name && compilation.entrypoints.has(group.name)) continue;
      const name = group.name ?? `(unnamed) ${group.origins.map((origin) => origin.request ?? '?').join(', ')}`;
      const adapterDir = this.budgets.lazyAdapter?.dir;
      const fromAdapter =
        !group.name &&
        adapterDir !== undefined &&
        group.origins.length > 0 &&
        group.origins.every((origin) => originPath(origin.module)?.startsWith(adapterDir + path.sep));
      const kind: BuildReport['routes'][string]['kind'] = frame?.groups.includes(name)
        ? 'frame'
        : frame?.routes.includes(name)
          ? 'behind-frame'
          : fromAdapter
            ? 'lazy-adapter'
            : 'on-entry';
      const files = jsFiles(group.getFiles()).filter(
        (file) => !entryFiles.has(file) && !(kind === 'behind-frame' && frameFiles.has(file)),
      );
      const gzipBytes = sum(files);
      const budgetKiB =
        kind === 'frame' && frame
          ? frame.frameKiB
          : kind === 'lazy-adapter' && this.budgets.lazyAdapter
            ? this.budgets.lazyAdapter.kib
            : this.budgets.routeKiB;
      const initialGzipBytes = entry.gzipBytes + (kind === 'behind-frame' ? frameBytes : 0) + gzipBytes;
      routes[name] = { files, gzipBytes, initialGzipBytes, budgetKiB, kind };
      if (gzipBytes > budgetKiB * 1024) {
        const what =
          kind === 'frame' ? 'Frame chunk group' : kind === 'lazy-adapter' ? 'Lazy adapter chunk group' : 'Chunk group';
        errors.push(`${what} "${name}" is ${kib(gzipBytes)} gzip, over its ${budgetKiB} KiB budget.`);
      }
    }
    for (const name of this.budgets.initialRoutes) {
      const route = routes[name];
      if (!route) {
        errors.push(`Budgeted route "${name}" has no chunk group (check its webpackChunkName).`);
      } else if (route.initialGzipBytes > this.budgets.initialKiB * 1024) {
        errors.push(
          `Initial JS of "${name}" is ${kib(route.initialGzipBytes)} gzip, over its ${this.budgets.initialKiB} KiB budget.`,
        );
      }
    }

    const lines = [...sizes.values()]
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map(
        (chunk) =>
          `  ${kib(chunk.gzipBytes).padStart(10)} gzip ${kib(chunk.bytes).padStart(11)} raw  ${chunk.file}${entryFiles.has(chunk.file) ? '  (initial)' : ''}`,
      );
    const routeLines = Object.entries(routes).map(
      ([name, route]) =>
        `  ${name.padEnd(16)} ${kib(route.gzipBytes).padStart(10)} ${KIND_LABELS[route.kind]} (≤ ${route.budgetKiB}), ${kib(route.initialGzipBytes).padStart(10)} on a first visit`,
    );
    const logger = compilation.getLogger('GzipBudgetPlugin');
    logger.info(
      [
        'JS chunks, gzip (level 9):',
        ...lines,
        `Entry (initial) JS: ${kib(entry.gzipBytes)} gzip`,
        'Route chunk groups:',
        ...routeLines,
      ].join('\n'),
    );
    // Print to stdout too: the figures are part of every production build's output.
    console.log(
      ['', 'Bundle sizes (gzip):', ...lines, `  entry total ${kib(entry.gzipBytes)}`, ...routeLines, ''].join('\n'),
    );

    // Paths in the report are relative to the project: it must not carry the build machine's
    // directories (the secret check treats every non-public environment value, PWD included, as secret).
    const lazyAdapter = this.budgets.lazyAdapter && {
      ...this.budgets.lazyAdapter,
      dir: path.relative(compiler.context, this.budgets.lazyAdapter.dir).split(path.sep).join('/'),
    };
    const budgets = { ...this.budgets, ...(lazyAdapter ? { lazyAdapter } : {}) };
    const report: BuildReport = { chunks: [...sizes.values()], entry, routes, budgets, errors };
    compilation.emitAsset('build-report.json', new compiler.webpack.sources.RawSource(JSON.stringify(report, null, 2)));
    // BUDGETS=report turns budget errors into warnings, to look at an over-budget build.
    const sink = process.env.BUDGETS === 'report' ? compilation.warnings : compilation.errors;
    for (const message of errors) sink.push(new compiler.webpack.WebpackError(`Bundle budget: ${message}`));
  }
}
