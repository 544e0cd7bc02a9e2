import { randomBytes, randomUUID } from "node:crypto";
import { Episode, type EpisodeObserver, type EpisodeOptions } from "../episode/episode.js";
import { DEFAULT_LIMITS, type EpisodeLimits } from "../episode/limits.js";
import { resume } from "../episode/replay.js";
import type { Scenario, ScenarioCatalog } from "../scenarios/catalog.js";
import { digest, sameDigest, type CredentialCheck } from "./roles.js";
import type { StateDir } from "./state-dir.js";

export interface EpisodeStoreOptions {
  /** Episodes untouched for this long are closed. */
  idleMs: number;
  /** At most this many live episodes; one more is refused (StoreFull), never made by evicting one. */
  maxEpisodes: number;
  /** What each episode may cost. */
  limits: EpisodeLimits;
  /** Where episodes are journaled, to survive a restart; none: memory only. */
  stateDir?: StateDir | undefined;
}

export const DEFAULT_STORE_OPTIONS: EpisodeStoreOptions = { idleMs: 30 * 60_000, maxEpisodes: 10_000, limits: DEFAULT_LIMITS };

export class ScenarioUnusable extends Error {
  constructor(readonly scenarioId: string, reason: string) {
    super(`scenario "${scenarioId}" cannot be opened: ${reason} (run \`pimbox validate\`)`);
  }
}

/** The store holds --max-episodes live episodes; a slot frees when one is deleted or idles out. */
export class StoreFull extends Error {
  constructor(readonly maxEpisodes: number, readonly retryAfterSeconds: number) {
    super(`the server holds its maximum of ${maxEpisodes} live episodes; delete finished ones (DELETE /episodes/:id) or retry in ${retryAfterSeconds} s, when the next idle one expires`);
  }
}

export interface NewEpisode {
  episode: Episode;
  /** The episode's agent credential: sent once, kept only as a hash. */
  agentToken: string;
}

export interface RestoreReport { restored: number; setAside: { file: string; reason: string }[] }

/** The live episodes of one server, by unguessable id. Owns their life cycle and journals. */
export class EpisodeStore implements CredentialCheck {
  private readonly episodes = new Map<string, Episode>();
  /** sha256 of each episode's agent credential. */
  private readonly credentials = new Map<string, Buffer>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly listeners = new Set<(id: string) => void>();
  private readonly observers: EpisodeObserver[] = [];
  private readonly options: EpisodeStoreOptions;

  constructor(options: Partial<EpisodeStoreOptions> = {}) {
    this.options = { ...DEFAULT_STORE_OPTIONS, ...options };
    this.sweeper = setInterval(() => this.expire(), Math.min(60_000, Math.max(1_000, this.options.idleMs / 4)));
    this.sweeper.unref();
  }

  /** Throws StoreFull at capacity, ScenarioUnusable when the scenario's snapshot cannot be built
   *  from its data. */
  create(scenario: Scenario, options: EpisodeOptions, agent: Record<string, unknown> = {}): NewEpisode {
    if (this.episodes.size >= this.options.maxEpisodes) throw new StoreFull(this.options.maxEpisodes, this.secondsToFreeSlot());
    let episode: Episode;
    try {
      // Live episodes keep only their current state: scoring and past states replay them.
      episode = new Episode(randomUUID(), scenario, { limits: this.options.limits, history: "current", ...options });
    } catch (e) {
      throw new ScenarioUnusable(scenario.id, (e as Error).message);
    }
    episode.agent = agent;
    const agentToken = `pa_${randomBytes(24).toString("base64url")}`;
    const hash = digest(agentToken);
    try {
      this.options.stateDir?.attach(episode, hash.toString("hex"));
    } catch (e) {
      episode.close();
      throw e;
    }
    this.adopt(episode);
    this.credentials.set(episode.id, hash);
    return { episode, agentToken };
  }

  /** Brings back every journaled episode (after a restart) under its own id, by replay. A
   *  journal that cannot be replayed is set aside, never deleted. */
  restore(catalog: ScenarioCatalog): RestoreReport {
    const report: RestoreReport = { restored: 0, setAside: [] };
    const dir = this.options.stateDir;
    if (!dir) return report;
    for (const read of dir.read()) {
      let reason = read.ok ? undefined : read.reason;
      if (read.ok) {
        const { header, steps } = read.journal;
        const scenario = catalog.get(header.scenario_id);
        try {
          if (!scenario) throw new Error(`no scenario "${header.scenario_id}" in the data folder`);
          const episode = resume(header.episode.id, scenario, { tickSeconds: header.options.tick_seconds, limits: this.options.limits, history: "current" }, steps);
          episode.agent = header.agent;
          // Rewritten whole: drops a torn last line, adds a scripted reply the kill cut off.
          dir.attach(episode, header.episode.agent_token_sha256);
          this.adopt(episode);
          if (header.episode.agent_token_sha256) this.credentials.set(episode.id, Buffer.from(header.episode.agent_token_sha256, "hex"));
          report.restored++;
        } catch (e) {
          reason = (e as Error).message;
        }
      }
      if (reason !== undefined) {
        dir.setAside(read.file);
        report.setAside.push({ file: read.file, reason });
      }
    }
    return report;
  }

  /** Attaches `observer` to every live episode and every later one (metrics). */
  observeEpisodes(observer: EpisodeObserver): void {
    this.observers.push(observer);
    for (const e of this.episodes.values()) e.observe(observer);
  }

  private adopt(episode: Episode): void {
    for (const o of this.observers) episode.observe(o);
    this.episodes.set(episode.id, episode);
  }

  get(id: string): Episode | undefined {
    return this.episodes.get(id);
  }

  isAgentOf(id: string, secret: string): boolean {
    const expected = this.credentials.get(id);
    return expected !== undefined && sameDigest(digest(secret), expected);
  }

  /** Deletes the episode and its journal. */
  delete(id: string): boolean {
    if (!this.drop(id)) return false;
    this.options.stateDir?.remove(id);
    return true;
  }

  /** Called with the id of every episode that is deleted or expires (MCP sessions close with it). */
  onClose(listener: (id: string) => void): void {
    this.listeners.add(listener);
  }

  get size(): number {
    return this.episodes.size;
  }

  get limits(): EpisodeLimits {
    return this.options.limits;
  }

  get capacity(): number {
    return this.options.maxEpisodes;
  }

  expire(now = Date.now()): number {
    let n = 0;
    for (const [id, episode] of this.episodes) {
      if (now - episode.lastActive > this.options.idleMs) { this.delete(id); n++; }
    }
    return n;
  }

  /** Closes every episode's database; journals stay, for the next start to restore. */
  close(): void {
    clearInterval(this.sweeper);
    for (const id of [...this.episodes.keys()]) this.drop(id);
  }

  private drop(id: string): boolean {
    const episode = this.episodes.get(id);
    if (!episode) return false;
    episode.close();
    this.episodes.delete(id);
    this.credentials.delete(id);
    for (const listener of this.listeners) listener(id);
    return true;
  }

  /** Seconds until the least recently used episode idles out (only computed when full). */
  private secondsToFreeSlot(now = Date.now()): number {
    let oldest = Infinity;
    for (const e of this.episodes.values()) oldest = Math.min(oldest, e.lastActive);
    return Math.max(1, Math.ceil((oldest + this.options.idleMs - now) / 1000));
  }
}
