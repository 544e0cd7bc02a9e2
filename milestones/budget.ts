// How much work one scoring may do. The scorer is exact, and some shapes (a long trajectory whose
// writes keep changing what a DAG of several milestones compares) cost more than linear time;
// past a deterministic bound on the work it refuses them rather than scoring for minutes.

/** A trajectory whose exact scoring would cost more than the scorer's bounds. */
export class TooLargeToScore extends Error {
  constructor(message: string, readonly limit: number) {
    super(message);
  }
}
