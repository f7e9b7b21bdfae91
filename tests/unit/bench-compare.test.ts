// The pure parts of `npm run bench -- --compare REF` (bench/compare.ts): its arguments, the
// order the two servers take turns in, the migrations check, and the ratios and table it prints.
import { describe, expect, it } from "vitest";
import {
  cpuRatio,
  formatCompare,
  formatLighthouseCompare,
  interleave,
  migrationDifference,
  parseCompareArgs,
  summarize,
  verdict,
  type RoundSample,
} from "../../bench/compare.ts";
import type { LighthouseFigures } from "../../bench/lighthouse.ts";

const sample = (cpuPerRequest: number | null, requests = 100, p99 = 10): RoundSample => ({
  cpuPerRequest,
  requests,
  p99,
  non2xx: 0,
  errors: 0,
});

describe("parseCompareArgs", () => {
  it("is null without --compare", () => {
    expect(parseCompareArgs(["--fresh", "--no-lighthouse"])).toBeNull();
  });

  it("takes the ref after --compare or after an equals sign", () => {
    expect(parseCompareArgs(["--compare", "HEAD~1"])).toEqual({ ref: "HEAD~1", rounds: 4, lighthouse: true });
    expect(parseCompareArgs(["--fresh", "--compare=main"])?.ref).toBe("main");
  });

  it("refuses --compare without a ref", () => {
    expect(() => parseCompareArgs(["--compare"])).toThrow(/needs a git ref/);
    expect(() => parseCompareArgs(["--compare", "--no-lighthouse"])).toThrow(/needs a git ref/);
    expect(() => parseCompareArgs(["--compare="])).toThrow(/needs a git ref/);
  });

  it("runs Lighthouse unless skipped, and always with --compare-lighthouse", () => {
    expect(parseCompareArgs(["--compare", "v1", "--no-lighthouse"])?.lighthouse).toBe(false);
    expect(parseCompareArgs(["--compare", "v1", "--no-lighthouse", "--compare-lighthouse"])?.lighthouse).toBe(true);
  });

  it("reads the rounds from BENCH_ROUNDS and refuses what is not a whole number of at least 1", () => {
    expect(parseCompareArgs(["--compare", "v1"], { BENCH_ROUNDS: "6" })?.rounds).toBe(6);
    expect(() => parseCompareArgs(["--compare", "v1"], { BENCH_ROUNDS: "0" })).toThrow(/BENCH_ROUNDS/);
    expect(() => parseCompareArgs(["--compare", "v1"], { BENCH_ROUNDS: "2.5" })).toThrow(/BENCH_ROUNDS/);
  });
});

describe("interleave", () => {
  it("lets each server go first in every other round", () => {
    expect(interleave(4)).toEqual([
      ["ref", "head"],
      ["head", "ref"],
      ["ref", "head"],
      ["head", "ref"],
    ]);
  });

  it("measures each server once per round", () => {
    for (const order of interleave(5)) expect([...order].sort()).toEqual(["head", "ref"]);
  });
});

describe("migrationDifference", () => {
  it("names the migrations only one side has, ignoring other files", () => {
    expect(migrationDifference(["0001_a.ts", "0002_b.ts", "README.md"], ["0001_a.ts", "0002_b.ts", "0003_c.ts"])).toEqual({
      refOnly: [],
      headOnly: ["0003_c.ts"],
    });
    expect(migrationDifference(["0001_a.ts", "0004_d.ts"], ["0001_a.ts"])).toEqual({ refOnly: ["0004_d.ts"], headOnly: [] });
  });
});

describe("summarize and cpuRatio", () => {
  it("weighs each round's CPU per request by its requests and takes the median round's p99", () => {
    const summary = summarize([sample(1, 100, 5), sample(2, 300, 50), sample(null, 100, 7)]);
    expect(summary.cpuPerRequest).toBeCloseTo((1 * 100 + 2 * 300) / 400);
    expect(summary.requests).toBe(500);
    expect(summary.p99).toBe(7);
  });

  it("gives HEAD over REF over all requests and a t interval of the paired rounds' log ratios", () => {
    const ratio = cpuRatio([sample(1), sample(1), sample(2)], [sample(1.2), sample(0.9), sample(2.2)]);
    expect(ratio!.ratio).toBeCloseTo(4.3 / 4);
    expect(ratio!.low).toBeCloseTo(0.734, 3);
    expect(ratio!.high).toBeCloseTo(1.528, 3);
  });

  it("gives no interval from one round", () => {
    expect(cpuRatio([sample(2)], [sample(3)])).toEqual({ ratio: 1.5, low: null, high: null });
  });

  it("has no ratio when REF's CPU is unknown", () => {
    expect(cpuRatio([sample(null)], [sample(1)])).toBeNull();
  });
});

describe("verdict", () => {
  it("calls a change only when it is large enough and its interval excludes 1", () => {
    expect(verdict({ ratio: 1.2, low: 1.05, high: 1.3 })).toBe("slower");
    expect(verdict({ ratio: 1.2, low: 0.95, high: 1.4 })).toBe("");
    expect(verdict({ ratio: 1.03, low: 1.01, high: 1.05 })).toBe("");
    expect(verdict({ ratio: 0.8, low: 0.7, high: 0.95 })).toBe("faster");
    expect(verdict({ ratio: 1.5, low: null, high: null })).toBe("");
    expect(verdict(null)).toBe("");
  });
});

describe("formatCompare", () => {
  it("prints both sides, the ratio with its spread and each over the floor", () => {
    const lines = formatCompare(
      "HEAD~1 (abc)",
      [
        { name: "news item", ref: [sample(2), sample(2), sample(2), sample(2)], head: [sample(2.8), sample(2.6), sample(3), sample(2.8)] },
        { name: "home", ref: [sample(1), sample(1), sample(1), sample(1)], head: [sample(1), sample(1.05), sample(0.96), sample(1.02)] },
        { name: "cabinet, signed in", note: "not measured: REF answers 404, HEAD 200" },
      ],
      0.5,
    );
    const row = lines.find((line) => line.startsWith("news item"))!;
    expect(row).toContain("2.00");
    expect(row).toContain("2.80");
    expect(row).toContain("1.40 (1.27-1.53)");
    expect(row).toContain("4.00x");
    expect(row).toContain("5.60x");
    expect(row.endsWith("slower")).toBe(true);
    const unchanged = lines.find((line) => line.startsWith("home"))!;
    expect(unchanged).toContain("1.01 (0.95-1.07)");
    expect(unchanged).not.toMatch(/slower|faster/);
    expect(lines).toContain("cabinet, signed in             not measured: REF answers 404, HEAD 200");
    expect(lines[0]).toContain("HEAD~1 (abc)");
  });

  it("reads a page with its own markup floor against that floor", () => {
    const lines = formatCompare(
      "v1",
      [
        { name: "news item", ref: [sample(2)], head: [sample(3)] },
        { name: "home", ref: [sample(1)], head: [sample(1)] },
      ],
      0.5,
      { "news item": 1 },
    );
    const row = lines.find((line) => line.startsWith("news item"))!;
    expect(row).toContain("2.00x");
    expect(row).toContain("3.00x");
    expect(lines.find((line) => line.startsWith("home"))).toContain("2.00x");
    expect(lines).toContain("  news item: its markup 1.00 CPU ms/req.");
  });

  it("leaves the floor ratios out when the floor has no figure", () => {
    const row = formatCompare("v1", [{ name: "home", ref: [sample(1)], head: [sample(1)] }], null).find((line) => line.startsWith("home"))!;
    expect(row).not.toContain("x");
    expect(row).toContain(" 1.00 ");
  });
});

describe("formatLighthouseCompare", () => {
  const figures = (path: string, performance: number, lcpMs: number): LighthouseFigures => ({
    name: path,
    path,
    performance,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    lcpMs,
    tbtMs: 40,
    jsTransferKiB: 120.04,
    runs: 3,
  });

  it("puts REF's median beside HEAD's per page, and a dash where REF has no figure", () => {
    const lines = formatLighthouseCompare("v1", [figures("/", 91, 2100)], [figures("/", 88, 2500), figures("/new", 70, 4000)]);
    expect(lines[0]).toContain("median of 3 runs");
    expect(lines.find((line) => line.trim().startsWith("/ "))).toMatch(/91 \/ 88 +2\.1 \/ 2\.5 +40 \/ 40 +120\.0 \/ 120\.0$/);
    expect(lines.find((line) => line.trim().startsWith("/new"))).toMatch(/- \/ 70 +- \/ 4\.0/);
  });
});
