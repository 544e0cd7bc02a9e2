import { Router, type Request, type RequestHandler } from "express";
import type { ScenarioCatalog } from "../scenarios/catalog.js";
import type { Episode } from "../episode/episode.js";
import { DEFAULT_OPTIONS } from "../episode/episode.js";
import { writeLog } from "../episode/log.js";
import { exportToolsJson, type ToolFormat } from "../tools/export.js";
import { findTool } from "../tools/registry.js";
import type { EpisodeStore } from "./episode-store.js";
import type { Scoring } from "./scoring.js";
import type { Snapshots } from "./snapshots.js";
import type { Turns } from "./turns.js";
import { HttpError } from "./http-error.js";
import {
  agentEpisodeStatus, agentMessageBody, agentMessageReply, createEpisodeBody, episodeCreated, episodeStatus, scoreReport, stateBody, stepAck,
  toolCallResult, toolFormat, toolList, trajectoryBody, userMessageBody,
} from "./api-schemas.js";
import { AGENT_LIMITS, checkField, parseBody, send, sendSpliced } from "./validate-body.js";
import type { z } from "zod";

type IdRequest = Request<{ id: string }>;

function formatOf(value: unknown): ToolFormat {
  if (value === undefined) return "openai";
  const parsed = toolFormat.safeParse(value);
  if (!parsed.success) throw new HttpError(400, "invalid_query", `format: must be one of ${toolFormat.options.join(", ")}`, { field: "format" });
  return parsed.data;
}

/** The agent's view of its episode: nothing that names the scenario. */
function agentView(e: Episode, baseUrl: string): z.input<typeof agentEpisodeStatus> {
  return {
    episode_id: e.id,
    reference_time: e.scenario.file.reference_time,
    time_zone: e.scenario.zone,
    now: e.now(),
    turns: e.scenario.file.turns,
    ended: e.isEnded,
    step_count: e.stepCount,
    mcp_url: `${baseUrl}/episodes/${e.id}/mcp`,
  };
}

function describe(e: Episode, baseUrl: string): z.input<typeof episodeStatus> {
  return { ...agentView(e, baseUrl), scenario_id: e.scenario.id };
}

function episodeIn(store: EpisodeStore, id: string): Episode {
  const e = store.get(id);
  if (!e) throw new HttpError(404, "episode_not_found", `no episode "${id}" (deleted, expired, or never created)`, { id });
  return e;
}

/** POST /episodes/:id/tools/:name: most of the traffic, so the app mounts it ahead of every other
 *  route (app.ts) rather than in the episode router. */
export function toolCallRoute(store: EpisodeStore): RequestHandler<{ id: string; name: string }> {
  return (req, res) => {
    const episode = episodeIn(store, req.params.id);
    // A body the JSON parser skipped (another Content-Type), sized or chunked, is not "no arguments".
    if (req.body === undefined && (Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined)) {
      throw new HttpError(415, "unsupported_media_type", "send the tool's arguments as JSON with Content-Type: application/json");
    }
    const callId = typeof req.query.call_id === "string" ? req.query.call_id : undefined;
    const step = episode.callTool(req.params.name, req.body ?? {}, callId);
    const body: z.input<typeof toolCallResult> = "refused" in step
      ? { ok: false, error: step.error, step: null, time: null }
      : step.ok
        ? { ok: true, result: step.result as Record<string, unknown>, step: step.index, time: step.time }
        : { ok: false, error: step.error!, step: step.index, time: step.time };
    res.status(findTool(req.params.name) ? 200 : 404).json(body);
  };
}

export function episodeRoutes(catalog: ScenarioCatalog, store: EpisodeStore, scoring: Scoring, snapshots: Snapshots, turns: Turns): Router {
  const router = Router();
  const baseUrl = (req: Request) => `${req.protocol}://${req.get("host") ?? "localhost"}`;
  const episodeOf = (req: IdRequest): Episode => episodeIn(store, req.params.id);

  router.post("/episodes", async (req, res) => {
    const body = parseBody(createEpisodeBody, req.body);
    if (body.agent !== undefined) checkField("agent", body.agent, AGENT_LIMITS);
    const scenario = catalog.get(body.scenario_id);
    if (!scenario) throw new HttpError(404, "scenario_not_found", `no scenario "${body.scenario_id}"; see GET /scenarios`, { field: "scenario_id", id: body.scenario_id });
    await snapshots.ready(scenario);
    await turns.run(res, async () => {
      const { episode, agentToken } = store.create(scenario, { tickSeconds: body.tick_seconds ?? DEFAULT_OPTIONS.tickSeconds }, body.agent);
      const format = body.tool_format ?? "openai";
      sendSpliced(res.location(`/episodes/${episode.id}`), episodeCreated, {
        ...describe(episode, baseUrl(req)),
        // For the agent under test: opens this episode's tools, messages and MCP, nothing else.
        agent_token: agentToken,
        system_prompt: episode.systemPrompt,
        user_message: episode.firstUserMessage,
        tool_format: format,
      }, { tools: exportToolsJson(episode.tools(), format) }, 201);
    });
  });

  router.get("/episodes/:id", (req: IdRequest, res) => {
    const episode = episodeOf(req);
    if (res.locals.role === "agent") send(res, agentEpisodeStatus, agentView(episode, baseUrl(req)));
    else send(res, episodeStatus, describe(episode, baseUrl(req)));
  });

  router.delete("/episodes/:id", (req: IdRequest, res) => {
    episodeOf(req);
    store.delete(req.params.id);
    res.status(204).end();
  });

  router.get("/episodes/:id/tools", (req: IdRequest, res) => {
    const format = formatOf(req.query.format);
    sendSpliced(res, toolList, { format }, { tools: exportToolsJson(episodeOf(req).tools(), format) });
  });

  router.post("/episodes/:id/messages", (req: IdRequest, res) => {
    const episode = episodeOf(req);
    const { content, scripted_user } = parseBody(agentMessageBody, req.body);
    const turn = episode.agentMessage(content, { scriptedUser: scripted_user !== false });
    send(res, agentMessageReply, { step: turn.step.index, time: turn.step.time, user_message: turn.user?.content ?? null, ended: turn.ended });
  });

  router.post("/episodes/:id/user-messages", (req: IdRequest, res) => {
    const episode = episodeOf(req);
    const { content } = parseBody(userMessageBody, req.body);
    const step = episode.userMessage(content);
    send(res, stepAck, { step: step.index, time: step.time });
  });

  router.get("/episodes/:id/trajectory", (req: IdRequest, res) => {
    const episode = episodeOf(req);
    const steps = episode.recordedSteps;
    if (req.query.format !== undefined && req.query.format !== "json" && req.query.format !== "jsonl") {
      throw new HttpError(400, "invalid_query", "format: must be json or jsonl", { field: "format" });
    }
    if (req.query.format === "jsonl") {
      res.type("application/x-ndjson").send(writeLog(episode.scenario.id, episode.options, steps, episode.agent));
      return;
    }
    send(res, trajectoryBody, { scenario_id: episode.scenario.id, options: { tick_seconds: episode.options.tickSeconds }, steps: steps as unknown as Record<string, unknown>[] });
  });

  router.get("/episodes/:id/state", async (req: IdRequest, res) => {
    const episode = episodeOf(req);
    if (req.query.step === undefined) { send(res, stateBody, { step: episode.stepCount - 1, state: episode.current() }); return; }
    if (typeof req.query.step !== "string" || !/^\d+$/.test(req.query.step)) {
      throw new HttpError(400, "invalid_query", "step: must be a step index, a whole number", { field: "step" });
    }
    const index = Number(req.query.step);
    if (index >= episode.stepCount) throw new HttpError(404, "step_not_found", `no step ${index}; this episode has steps 0 to ${episode.stepCount - 1}`, { field: "step" });
    send(res, stateBody, { step: index, state: episode.stateAfter(index) ?? await scoring.stateAt(episode, index) });
  });

  router.get("/episodes/:id/score", async (req: IdRequest, res) => {
    const outcome = await scoring.episode(episodeOf(req));
    if (!outcome.ok) throw new HttpError(outcome.status, outcome.code, outcome.message, outcome.detail);
    send(res, scoreReport, outcome.report as unknown as z.input<typeof scoreReport>);
  });

  return router;
}
