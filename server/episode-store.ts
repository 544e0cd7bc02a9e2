import { randomBytes, randomUUID } from "node:crypto";
import { Episode, type EpisodeOptions } from "../episode/episode.js";
import { DEFAULT_LIMITS, type EpisodeLimits } from "../episode/limits.js";
import type { Scenario } from "../scenarios/catalog.js";
import { digest, sameDigest, type CredentialCheck } from "./roles.js";

export interface EpisodeStoreOptions {
  /** Episodes untouched for this long are closed. */
  idleMs: number;
  /** At most this many live episodes; one more is refused (StoreFull), never made by evicting one. */
  maxEpisodes: number;
  /** What each episode may cost. */
  limits: EpisodeLimits;
}

export const DEFAULT_STORE_OPTIONS: EpisodeStoreOptions = { idleMs: 30 * 60_000, maxEpisodes: 10_000, limits: DEFAULT_LIMITS };

/** The store holds --max-episodes live episodes; a slot frees when one is deleted or idles out. */
export class StoreFull extends Error {
  constructor(readonly maxEpisodes: number, readonly retryAfterSeconds: number) {
    super(`the server holds its maximum of ${maxEpisodes} live episodes; delete finished ones (DELETE /episodes/:id) or retry in ${retryAfterSeconds} s, when the next idle one expires`);
  }
}

export class ScenarioUnusable extends Error {
  constructor(readonly scenarioId: string, reason: string) {
    super(`scenario "${scenarioId}" cannot be opened: ${reason} (run \`pimbox validate\`)`);
  }
}

/** The live episodes of one server, by unguessable id. Owns their life cycle. */
export class EpisodeStore implements CredentialCheck {
  private readonly episodes = new Map<string, Episode>();
  /** sha256 of each episode's agent credential: the secret itself is only ever sent once. */
  private readonly credentials = new Map<string, Buffer>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly listeners = new Set<(id: string) => void>();

  private readonly options: EpisodeStoreOptions;

  constructor(options: Partial<EpisodeStoreOptions> = {}) {
    this.options = { ...DEFAULT_STORE_OPTIONS, ...options };
    this.sweeper = setInterval(() => this.expire(), Math.min(60_000, Math.max(1_000, this.options.idleMs / 4)));
    this.sweeper.unref();
  }

  /** Throws StoreFull at capacity, ScenarioUnusable when the scenario's snapshot cannot be built
   *  from its data. */
  create(scenario: Scenario, options: EpisodeOptions): Episode {
    if (this.episodes.size >= this.options.maxEpisodes) throw new StoreFull(this.options.maxEpisodes, this.secondsToFreeSlot());
    let episode: Episode;
    try {
      episode = new Episode(randomUUID(), scenario, { limits: this.options.limits, ...options });
    } catch (e) {
      throw new ScenarioUnusable(scenario.id, (e as Error).message);
    }
    this.episodes.set(episode.id, episode);
    return episode;
  }

  get(id: string): Episode | undefined {
    return this.episodes.get(id);
  }

  /** A new agent credential for the episode (replacing any earlier one): what a harness hands to
   *  the agent under test. */
  issueCredential(id: string): string {
    const secret = `pa_${randomBytes(24).toString("base64url")}`;
    this.credentials.set(id, digest(secret));
    return secret;
  }

  isAgentOf(id: string, secret: string): boolean {
    const expected = this.credentials.get(id);
    return expected !== undefined && sameDigest(digest(secret), expected);
  }

  delete(id: string): boolean {
    const episode = this.episodes.get(id);
    if (!episode) return false;
    episode.close();
    this.episodes.delete(id);
    this.credentials.delete(id);
    for (const listener of this.listeners) listener(id);
    return true;
  }

  /** Called with the id of every episode that is deleted or expires (MCP sessions close with it). */
  onClose(listener: (id: string) => void): void {
    this.listeners.add(listener);
  }

  get size(): number {
    return this.episodes.size;
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

  close(): void {
    clearInterval(this.sweeper);
    for (const id of [...this.episodes.keys()]) this.delete(id);
  }

  /** Seconds until the least recently used episode idles out (only computed when full). */
  private secondsToFreeSlot(now = Date.now()): number {
    let oldest = Infinity;
    for (const e of this.episodes.values()) oldest = Math.min(oldest, e.lastActive);
    return Math.max(1, Math.ceil((oldest + this.options.idleMs - now) / 1000));
  }
}
