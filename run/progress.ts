import cliProgress from "cli-progress";

// Progress on stderr (stdout keeps the summary): a bar with done of total, the running pass
// rate and the ETA on a terminal; one plain line per finished episode otherwise (CI logs, pods).

export interface Progress {
  episodeDone(label: string, score: number, passed: boolean, error: string | null): void;
  stop(): void;
}

export function createProgress(total: number, alreadyDone: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  let done = alreadyDone;
  let passed = 0;
  let finished = 0;
  const start = Date.now();
  const rate = () => (finished ? `${((100 * passed) / finished).toFixed(1)}%` : "-");
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar({
      stream, hideCursor: true, etaBuffer: 20,
      format: "{bar} {value}/{total} episodes | pass {rate} | ETA {eta_formatted} | {last}",
    }, cliProgress.Presets.shades_classic);
    bar.start(total, done, { rate: rate(), last: "" });
    return {
      episodeDone(label, score, ok, error) {
        done++; finished++; if (ok) passed++;
        bar.update(done, { rate: rate(), last: `${label} ${error ? "error" : score.toFixed(2)}` });
      },
      stop() { bar.stop(); },
    };
  }
  return {
    episodeDone(label, score, ok, error) {
      done++; finished++; if (ok) passed++;
      const elapsed = (Date.now() - start) / 1000;
      const eta = finished ? Math.round((elapsed / finished) * (total - done)) : 0;
      stream.write(`[${done}/${total}] ${label} ${error ? `error: ${error}` : `score ${score.toFixed(3)}${ok ? " passed" : ""}`} | pass ${rate()} | ETA ${eta}s\n`);
    },
    stop() {},
  };
}
