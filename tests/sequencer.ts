// The order `npm test` runs its vitest projects in, one after another: the worker files first, as many
// of them wait on timers (sign-in limits, Crawl-delays, queues) while the browser runs beside them use
// the cores; then the Node and the jsdom files, busy from start to end, which fill the cores to the run's
// end. Within a project, vitest's own order (the longest or largest file first).
import { BaseSequencer, type TestSpecification } from "vitest/node";

const PROJECT_ORDER = ["worker", "node", "web", "e2e"];

const rank = (spec: TestSpecification) => {
  const at = PROJECT_ORDER.indexOf(spec.project.name);
  return at === -1 ? PROJECT_ORDER.length : at;
};

export class ProjectSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    // Array sort is stable: vitest's order holds within a project.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
