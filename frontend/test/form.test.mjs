// The form rules (lib/form.js) and the password rule (lib/password-rules.js): the messages the
// spec gives and where each rule lets a value through.
import assert from "node:assert/strict";
import { test } from "node:test";
import { rules } from "../src/lib/form.js";
import { confirmRule, isStrongPassword, passwordHint, passwordMessage, passwordRule } from "../src/lib/password-rules.js";

test("required: empty, blank, null and undefined are missing; anything else, 0 and false too, is there", () => {
  const rule = rules.required("Name is Required");
  for (const missing of [undefined, null, "", "   ", "\t\n"])
    assert.equal(rule(missing), "Name is Required", JSON.stringify(missing));
  for (const present of ["a", " a ", 0, false, "0"]) assert.equal(rule(present), null, JSON.stringify(present));
});

test("maxLength counts characters, and lets an empty value through (required's job)", () => {
  const rule = rules.maxLength(5, "Too long");
  assert.equal(rule("12345"), null);
  assert.equal(rule("123456"), "Too long");
  assert.equal(rule(""), null);
  assert.equal(rule(undefined), null);
  assert.equal(rule(123456), "Too long");
});

test("digitsBetween: digits only, within the bounds, empty allowed, blanks around ignored", () => {
  const rule = rules.digitsBetween(1000000000, 99999999999, "at least 10", "at most 11");
  assert.equal(rule(""), null);
  assert.equal(rule(undefined), null);
  assert.equal(rule("9876543210"), null);
  assert.equal(rule(" 98765432109 "), null);
  assert.equal(rule("987654321"), "at least 10");
  assert.equal(rule("987654321098"), "at most 11");
  assert.equal(rule("98765-43210"), "at least 10");
  assert.equal(rule("1e10"), "at least 10");
  assert.equal(rule("-9876543210"), "at least 10");
});

test("a strong password has 12 characters or more with a letter and a digit", () => {
  assert.equal(isStrongPassword("Demo12345678"), true);
  assert.equal(isStrongPassword("abcdefghijk1"), true);
  assert.equal(isStrongPassword("abcdefghij1"), false, "11 characters");
  assert.equal(isStrongPassword("abcdefghijkl"), false, "no digit");
  assert.equal(isStrongPassword("123456789012"), false, "no letter");
  assert.equal(isStrongPassword(undefined), false);
  assert.equal(isStrongPassword(123456789012), false, "not a string");
});

test("the password rule gives the spec's message", () => {
  assert.equal(passwordRule("short1"), passwordMessage());
  assert.equal(passwordMessage(), "Password must be minimum 12 alphanumeric character");
  assert.equal(passwordRule("Demo12345678"), null);
});

test("the confirmation: required; the password rule while it equals the new password; a mismatch left to the server", () => {
  assert.equal(confirmRule("", { newPassword: "Abcdefghijk1" }), "Confirm Password is required");
  assert.equal(confirmRule("short1", { newPassword: "short1" }), passwordMessage());
  assert.equal(confirmRule("Abcdefghijk", { newPassword: "Abcdefghijk1" }), null);
  assert.equal(confirmRule("Abcdefghijk1", { newPassword: "Abcdefghijk1" }), null);
});

test("the hint under the new password states the rule the message names", () => {
  assert.match(passwordHint(), /^Minimum 12 characters/);
  assert.match(passwordHint(), /one letter and one digit/);
});
