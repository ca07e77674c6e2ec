/**
 * A webpack plugin that prints every emitted JS chunk's gzip size and fails the production
 * build when a budget is exceeded (webpack's own `performance` hints only know raw bytes).
 * It also writes `build-report.json` beside the output, which `scripts/check-build.mjs` reads.
 *
 * Budgets (KiB gzip): the initial JS of a named route (entry chunks + that route's chunks)
 * and every async route chunk on its own (for routes behind the signed-in frame, what they add
 * to it).
 */
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
   * A chunk group that is always loaded before some routes (the signed-in frame), and the
   * routes behind it: their budget counts only what they add on top of the frame.
   */
  frame?: { group: string; routes: string[] };
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
  routes: Record<string, { files: string[]; gzipBytes: number; initialGzipBytes: number }>;
  budgets: GzipBudgets;
  errors: string[];
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

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
    const frameGroup = this.budgets.frame
      ? compilation.chunkGroups.find((group) => group.name === this.budgets.frame?.group)
      : undefined;
    const frameFiles = new Set(frameGroup ? jsFiles(frameGroup.getFiles()) : []);
    for (const group of compilation.chunkGroups) {
      if (!group.name || compilation.entrypoints.has(group.name)) continue;
      const behindFrame = this.budgets.frame?.routes.includes(group.name) ?? false;
      const files = jsFiles(group.getFiles()).filter(
        (file) => !entryFiles.has(file) && !(behindFrame && frameFiles.has(file)),
      );
      const gzipBytes = sum(files);
      const frameBytes = behindFrame ? sum([...frameFiles].filter((file) => !entryFiles.has(file))) : 0;
      routes[group.name] = { files, gzipBytes, initialGzipBytes: entry.gzipBytes + frameBytes + gzipBytes };
      if (gzipBytes > this.budgets.routeKiB * 1024) {
        errors.push(
          `Chunk group "${group.name}" is ${kib(gzipBytes)} gzip, over its ${this.budgets.routeKiB} KiB budget.`,
        );
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
        `  ${name.padEnd(16)} ${kib(route.gzipBytes).padStart(10)} own, ${kib(route.initialGzipBytes).padStart(10)} on a first visit`,
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

    const report: BuildReport = { chunks: [...sizes.values()], entry, routes, budgets: this.budgets, errors };
    compilation.emitAsset('build-report.json', new compiler.webpack.sources.RawSource(JSON.stringify(report, null, 2)));
    // BUDGETS=report turns budget errors into warnings, to look at an over-budget build.
    const sink = process.env.BUDGETS === 'report' ? compilation.warnings : compilation.errors;
    for (const message of errors) sink.push(new compiler.webpack.WebpackError(`Bundle budget: ${message}`));
  }
}
