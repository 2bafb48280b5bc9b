/**
 * Renders the real templates with Go's html/template (what GoTrue uses under `supabase start`) and with
 * ours, and requires the same bytes. Needs `go` on PATH; skipped otherwise (go-template.test.ts pins
 * the same behaviour with fixed expectations).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderGoTemplate } from './go-template.ts';
import { emailKinds, emailSubjects, templatesDirectory } from './templates.ts';

const hasGo = spawnSync('go', ['version']).status === 0;

const GO_PROGRAM = `package main

import (
	"bytes"
	"encoding/json"
	"html/template"
	"os"
)

func main() {
	var cases []struct {
		Template string
		Data     map[string]interface{}
	}
	if err := json.NewDecoder(os.Stdin).Decode(&cases); err != nil {
		panic(err)
	}
	out := []string{}
	for _, c := range cases {
		var buf bytes.Buffer
		t, err := template.New("t").Parse(c.Template)
		if err == nil {
			err = t.Execute(&buf, c.Data)
		}
		if err != nil {
			out = append(out, "ERROR: "+err.Error())
		} else {
			out = append(out, buf.String())
		}
	}
	_ = json.NewEncoder(os.Stdout).Encode(out)
}
`;

const dataSets = [
  {
    SiteURL: 'http://localhost:5173',
    Token: '123456',
    TokenHash: 'f0e1d2c3b4a5',
    Email: 'ola@example.com',
    NewEmail: 'ny@example.com',
    RedirectTo: '',
    Data: {},
  },
  {
    SiteURL: 'http://fyllopp.localhost:5173',
    Token: '654321',
    TokenHash: 'a b&c',
    Email: `o'la+<x>@example.com`,
    NewEmail: 'n"y@example.com',
    RedirectTo: 'http://localhost:5173/leads?tab=mine&side=2 x/æ',
    Data: { full_name: '<b>Kari</b> & Co' },
  },
  {
    SiteURL: 'javascript:alert(1)',
    Token: '1',
    TokenHash: 'h',
    Email: 'e',
    NewEmail: '',
    RedirectTo: 'x',
    Data: { full_name: '' },
  },
];

describe.skipIf(!hasGo)('the templates under Go html/template', () => {
  const dir = mkdtempSync(join(tmpdir(), 'outbox-go-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('render byte for byte as ours', () => {
    const cases = emailKinds.flatMap((kind) => {
      const body = readFileSync(`${templatesDirectory}${kind}.html`, 'utf8');
      return dataSets.flatMap((data) => [
        { Template: body, Data: data },
        { Template: emailSubjects[kind], Data: data },
      ]);
    });
    writeFileSync(join(dir, 'main.go'), GO_PROGRAM);
    const output = execFileSync('go', ['run', join(dir, 'main.go')], {
      input: JSON.stringify(cases),
      cwd: dir,
      env: { ...process.env, GO111MODULE: 'off', GOFLAGS: '' },
      timeout: 120_000,
    });
    const fromGo = JSON.parse(output.toString()) as string[];
    cases.forEach((testCase, i) => {
      expect(renderGoTemplate(testCase.Template, testCase.Data), `case ${i}`).toBe(fromGo[i]);
    });
  }, 150_000);
});
