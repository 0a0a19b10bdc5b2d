// The pure parts of #40's interface: which program to offer first, the
// command to type, and how a report's figures are worded.
import { describe, expect, it } from "vitest";
import { downloadPath, guessOs, targetsFor, toolFile } from "@/api/checks";
import { batteryPercent, diskGb, maskedSerial, memoryGb } from "@/components/check-report";
import { commandFor, onSystem } from "@/pages/check-panel";

describe("the program to download", () => {
  it("reads the visitor's system from the browser; a phone gets none", () => {
    expect(guessOs("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/130")).toBe("windows");
    expect(guessOs("Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605")).toBe("darwin");
    expect(guessOs("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130")).toBe("linux");
    expect(guessOs("Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 Chrome/130 Mobile")).toBeNull();
    expect(guessOs("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15")).toBeNull();
  });

  it("puts the visitor's system first and keeps all six", () => {
    const mac = targetsFor("darwin");
    expect(mac.slice(0, 2).map(downloadPath)).toEqual(["/download/resale-check/darwin-arm64", "/download/resale-check/darwin-amd64"]);
    expect(mac).toHaveLength(6);
    expect(new Set(mac.map(downloadPath)).size).toBe(6);
    expect(targetsFor(null)).toHaveLength(6);
    expect(toolFile({ os: "windows", arch: "amd64" })).toBe("resale-check.exe");
    expect(toolFile({ os: "linux", arch: "arm64" })).toBe("resale-check");
  });

  it("writes the command with the shop and the code; sudo on Linux, the hand-over flag when asked", () => {
    expect(commandFor("windows", "https://shop.example", "7KQ4-9MXP")).toBe(".\\resale-check.exe --shop https://shop.example 7KQ4-9MXP");
    expect(commandFor("linux", "https://shop.example", "7KQ4-9MXP")).toBe("sudo ./resale-check --shop https://shop.example 7KQ4-9MXP");
    expect(commandFor("darwin", "https://shop.example", "482913", true)).toBe("./resale-check --shop https://shop.example --handover 482913");
    // the shop's own command, started the system's way
    expect(onSystem("windows", "resale-check --shop https://shop.example 7KQ4-9MXP")).toBe(".\\resale-check.exe --shop https://shop.example 7KQ4-9MXP");
    expect(onSystem(null, "resale-check --shop https://shop.example 7KQ4-9MXP")).toBe("resale-check --shop https://shop.example 7KQ4-9MXP");
  });
});

describe("a report's figures", () => {
  it("words memory, disks, battery and serial as a buyer reads them", () => {
    expect(memoryGb(17179869184)).toBe(16);
    expect(memoryGb(16_600_000_000)).toBe(15);
    expect(diskGb(512110190592)).toBe(512);
    expect(batteryPercent({ unit: "mWh", designCapacity: 57000, fullChargeCapacity: 46170, cycleCount: 212 })).toBe(81);
    expect(batteryPercent({ unit: "mAh", designCapacity: 0, fullChargeCapacity: 10, cycleCount: null })).toBe(0);
    expect(maskedSerial("PF2XK9QZ")).toBe("••••K9QZ");
    expect(maskedSerial("K9QZ")).toBe("••••K9QZ");
  });
});
