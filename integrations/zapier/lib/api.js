// The one way this integration talks to an instance: the V2 API under `<instance URL>/api/v2`,
// the key as a bearer token (docs/api.md, "Authentication"), and the API's error body turned
// into an error Zapier shows the user with the field it names.
//
// z.request, beforeRequest and afterResponse: https://docs.zapier.com/platform/build-cli/overview
// (Making HTTP requests, Using HTTP middleware); the error classes (z.errors.Error for a message
// the user sees, ExpiredAuthError for a key the instance no longer accepts):
// https://docs.zapier.com/platform/build-cli/core (z.errors).
"use strict";

const crypto = require("node:crypto");

/** The instance's address as the connection holds it, without a trailing slash or `/api/v2`. */
function instanceBase(z, bundle) {
  const raw = String((bundle.authData && bundle.authData.instanceUrl) || "").trim();
  let url;
  try {
    url = new URL(raw);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || url.username || url.password) {
    throw new z.errors.Error(
      `Instance URL: "${raw.slice(0, 200)}" is not the address of an installation; give it with https://, for example https://access.example.com.`,
      "InvalidInstanceUrl",
      400,
    );
  }
  const path = url.pathname.replace(/\/+$/, "").replace(/\/api\/v2$/, "");
  return `${url.origin}${path}`;
}

/** The V2 base address of the connection's instance. */
function apiBase(z, bundle) {
  return `${instanceBase(z, bundle)}/api/v2`;
}

/** beforeRequest: the key goes only to the connection's own instance. */
function addApiKey(request, z, bundle) {
  const key = bundle.authData && bundle.authData.apiKey;
  request.headers = request.headers || {};
  request.headers.Accept = "application/json";
  if (key && typeof request.url === "string" && request.url.startsWith(`${apiBase(z, bundle)}/`)) {
    request.headers.Authorization = `Bearer ${String(key).trim()}`;
  }
  return request;
}

function parseJson(text) {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What the V2 error body says, with each named field, in one line. */
function describeApiError(error) {
  const fields = (Array.isArray(error.details) ? error.details : [])
    .filter((d) => d && typeof d.field === "string" && typeof d.message === "string")
    .slice(0, 5)
    .map((d) => `${d.field}: ${d.message}`);
  const message = typeof error.message === "string" ? error.message : "The request was refused.";
  const extra = fields.filter((f) => !message.includes(f));
  return extra.length ? `${message} (${extra.join("; ")})` : message;
}

/** afterResponse: a refusal becomes an error naming what the API named; 2xx passes. */
function throwApiErrors(response, z) {
  if (response.status < 400 || response.skipThrowForStatus) return response;
  throwRefusal(response, z);
}

/** Throws the error a refusal (status 400 and above) stands for. */
function throwRefusal(response, z) {
  const body = parseJson(response.content);
  const error = body && typeof body === "object" && body.error && typeof body.error === "object" ? body.error : null;
  if (response.status === 401) {
    throw new z.errors.ExpiredAuthError(
      "The instance refused the API key (401): it is missing, mistyped or revoked. Reconnect with a key from the dashboard's API keys page.",
    );
  }
  if (!error) {
    const where = response.request && response.request.url ? new URL(response.request.url).pathname : "the API";
    throw new z.errors.Error(
      `The instance answered ${response.status} to ${where} without the API's error body: check the Instance URL of the connection (the address of the installation, for example https://access.example.com).`,
      "UnexpectedResponse",
      response.status,
    );
  }
  throw new z.errors.Error(describeApiError(error), error.code || "ApiError", response.status);
}

/**
 * One call to the V2 API: `path` under /api/v2, `params` as the query (empty values left out),
 * `body` as JSON. Creates send a fresh Idempotency-Key (the API requires one on every create).
 * Returns the parsed envelope `{ data, meta }`, or `{ status }` alone for a status in `allow`.
 */
async function api(z, bundle, { method = "GET", path, params, body, idempotent = false, allow = [] }) {
  const query = {};
  for (const [k, v] of Object.entries(params || {})) {
    if (v !== undefined && v !== null && v !== "") query[k] = String(v);
  }
  const response = await z.request({
    method,
    url: `${apiBase(z, bundle)}${path}`,
    params: query,
    ...(body === undefined ? {} : { body }),
    headers: idempotent ? { "Idempotency-Key": crypto.randomUUID() } : {},
    skipThrowForStatus: allow.length > 0,
  });
  if (allow.includes(response.status)) return { status: response.status, data: null, meta: null };
  if (response.status >= 400) throwRefusal(response, z);
  const parsed = parseJson(response.content);
  if (!parsed || typeof parsed !== "object" || !("data" in parsed)) {
    throw new z.errors.Error(
      `The instance answered ${path} without the API's envelope: check the Instance URL of the connection.`,
      "UnexpectedResponse",
      response.status,
    );
  }
  return { status: response.status, data: parsed.data, meta: parsed.meta || {} };
}

/**
 * The newest items of a list endpoint, newest first. V2 lists are oldest first with a cursor,
 * so this reads up to `maxPages` pages of 100 and keeps the last `keep` items seen: for an
 * agency with more than maxPages × 100 items they are the newest of the first pages read.
 */
async function newest(z, bundle, path, params = {}, { keep = 100, maxPages = 5 } = {}) {
  let cursor;
  let kept = [];
  for (let page = 0; page < maxPages; page++) {
    const res = await api(z, bundle, { path, params: { ...params, limit: 100, cursor } });
    kept = kept.concat(res.data).slice(-keep);
    cursor = res.meta.nextCursor;
    if (!cursor) break;
  }
  return kept.reverse();
}

/** A Zapier boolean field's value (true, "true", "yes", "1") as a boolean, or undefined when unset. */
function asBoolean(value) {
  if (value === undefined || value === null || value === "") return undefined;
  if (typeof value === "boolean") return value;
  return ["true", "yes", "1", "on"].includes(String(value).trim().toLowerCase());
}

/** A text field's value, trimmed; undefined when empty. */
function asText(value) {
  if (value === undefined || value === null) return undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text;
}

module.exports = { api, newest, apiBase, instanceBase, addApiKey, throwApiErrors, asBoolean, asText };
