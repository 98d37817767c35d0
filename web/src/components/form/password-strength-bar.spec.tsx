import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import "../../i18n/i18n";
import { passwordScore, strengthLevel } from "./password-strength";
import { PasswordStrengthBar } from "./password-strength-bar";

describe("password score (spec section 5)", () => {
  it.each([
    ["abcdefg", 10, "7 lower-case letters: one class caps at 10"],
    ["Ab1!", 10, "four classes but 6 characters or fewer caps at 10"],
    ["Ab1!xy", 10, "exactly 6 characters still caps at 10"],
    ["abcdefG", 20, "7 characters, two classes: 14 + 20 = 34, capped at 20"],
    ["abcdeF1", 40, "7 characters, three classes: 14 + 30 = 44, capped at 40"],
    ["abcdF1!", 54, "7 characters, four classes: 14 + 40"],
    ["abcdefF1!x", 61, "10 characters earn the extra point: 20 + 1 + 40"],
    ["abcdeF1!x", 58, "9 characters do not: 18 + 40"],
    ["", 0, "nothing typed"],
  ])("%s scores %i (%s)", (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });
});

describe("strength level at each boundary", () => {
  it.each([
    [0, 1],
    [10, 1],
    [11, 2],
    [20, 2],
    [21, 3],
    [30, 3],
    [31, 4],
    [40, 4],
    [41, 5],
    [61, 5],
  ])("a score of %i is level %i", (score, level) => {
    expect(strengthLevel(score)).toBe(level);
  });
});

describe("PasswordStrengthBar", () => {
  const filled = () => screen.getByRole("meter").querySelectorAll('li[data-filled="true"]').length;

  it.each([
    ["abcdefg", 1],
    ["abcdefG", 2],
    ["abcdeF1", 4],
    ["abcdF1!", 5],
  ])("fills as many segments as the level of %s (%i)", (password, level) => {
    render(<PasswordStrengthBar password={password} />);
    expect(screen.getByRole("meter")).toHaveAttribute("aria-valuenow", String(level));
    expect(filled()).toBe(level);
  });

  it("stays empty before anything is typed", () => {
    render(<PasswordStrengthBar password="" />);
    expect(filled()).toBe(0);
  });
});
