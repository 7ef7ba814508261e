// The order `npm test` gives its files: vitest's own (files that failed or took longest before first, by
// size without a record; the e2e group after the rest), but the worker project's files before the Node
// and web ones. Worker files wait on timers, queues and their runtime's I/O, which the other files'
// CPU fills; the web files (jsdom, all CPU) come last, so the run does not end on waits with a core idle.
import { BaseSequencer, type TestSpecification } from "vitest/node";

const PROJECT_ORDER = ["worker", "node", "web"];

const rank = (spec: TestSpecification) => {
  const at = PROJECT_ORDER.indexOf(spec.project.name);
  return at < 0 ? PROJECT_ORDER.length : at;
};

export class WaitingFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const position = new Map(sorted.map((spec, i) => [spec, i]));
    return sorted.sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        rank(a) - rank(b) ||
        position.get(a)! - position.get(b)!,
    );
  }
}
