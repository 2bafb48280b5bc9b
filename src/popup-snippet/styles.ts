import { contrastRatio } from '../lib/contrast';
import type { Popup } from './rules/types';

/** The button's text: the popup's background or text colour, whichever reads better on the accent. */
export const onAccent = ({ accent, background, text }: Popup['design']) =>
  (contrastRatio(accent, background) ?? 0) >= (contrastRatio(accent, text) ?? 0) ? background : text;

const HEX = /^#[0-9a-f]{6}$/i;

/**
 * The popup's own styles, inside its shadow root only: the site's CSS cannot reach in, ours cannot
 * leak out. Colours are the popup's design (checked as `#rrggbb`; anything else falls back to the
 * page's own text colour and a white-ish canvas via system colours).
 */
export function css(popup: Popup): string {
  const { design } = popup;
  const colour = (value: string, fallback: string) => (HEX.test(value) ? value : fallback);
  const accent = colour(design.accent, 'LinkText');
  const background = colour(design.background, 'Canvas');
  const text = colour(design.text, 'CanvasText');
  const button =
    HEX.test(design.accent) && HEX.test(design.background) && HEX.test(design.text)
      ? onAccent(design)
      : 'Canvas';
  const radius = Math.max(0, Math.min(32, Number(design.radius) || 0));
  return `
:host{all:initial}
*{box-sizing:border-box}
.wrap{position:fixed;z-index:2147483000;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:${text}}
.box{position:relative;background:${background};color:${text};border-radius:${radius}px;padding:24px;box-shadow:0 8px 32px #0004;max-height:100%;overflow:auto;transition:transform .3s ease,opacity .3s ease}
.modal,.fullscreen{inset:0;display:flex;align-items:center;justify-content:center;padding:16px;background:#0008}
.modal .box{width:min(440px,100%)}
.fullscreen{padding:0}.fullscreen .box{width:100%;height:100%;border-radius:0;display:flex;flex-direction:column;justify-content:center;align-items:center;text-align:center}
.fullscreen .box>*{max-width:520px;width:100%}
.slide_in{right:16px;bottom:16px;width:min(360px,calc(100% - 32px))}
.bar_top,.bar_bottom{left:0;right:0}.bar_top{top:0}.bar_bottom{bottom:0}
.bar_top .box,.bar_bottom .box{border-radius:0;padding:12px 48px 12px 16px;display:flex;flex-wrap:wrap;align-items:center;gap:8px 16px}
.bar_top h2,.bar_bottom h2{font-size:1rem;margin:0;padding:0}.bar_top .box>p,.bar_bottom .box>p{margin:0;flex:1 1 200px}
.bar_top form,.bar_bottom form{flex:0 1 440px}
.hidden .box{opacity:0}.hidden.modal .box,.hidden.fullscreen .box{transform:scale(.96)}
.hidden.slide_in .box,.hidden.bar_bottom .box{transform:translateY(100%)}.hidden.bar_top .box{transform:translateY(-100%)}
h2{font-size:1.35rem;line-height:1.25;margin:0 0 8px;padding-right:32px}h2:focus{outline:none}
p{margin:0 0 12px}
img{display:block;max-width:100%;height:auto;border-radius:${Math.max(0, radius - 4)}px;margin:0 0 12px}
form{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}
label.field{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}
input[type=email]{flex:1 1 200px;min-width:0;font:inherit;padding:10px 12px;border:1px solid currentColor;border-radius:${Math.min(radius, 8)}px;background:${background};color:${text}}
input[aria-invalid=true]{border-width:2px}
button{font:inherit;cursor:pointer}
.send{padding:10px 16px;border:0;border-radius:${Math.min(radius, 8)}px;background:${accent};color:${button};font-weight:600}
.send:disabled{opacity:.7;cursor:progress}
.close{position:absolute;top:6px;right:6px;width:40px;height:40px;border:0;border-radius:50%;background:transparent;color:inherit;font-size:24px;line-height:1}
:focus-visible{outline:3px solid ${accent};outline-offset:2px}
.error{flex-basis:100%;margin:0;font-weight:600}.error:empty{display:none}.error:not(:empty)::before{content:"! "}
.consent{flex-basis:100%;margin:0;font-size:.85rem}
.consent input{margin:0 6px 0 0;vertical-align:-2px}
.trap{position:absolute;left:-9999px}
.code{font:700 1.4rem/1.2 ui-monospace,monospace;letter-spacing:.05em;padding:8px 12px;border:2px dashed ${accent};display:inline-block;border-radius:6px;user-select:all}
iframe{display:block;width:100%;border:0;min-height:200px}
.form-note{padding:24px 12px;border:2px dashed currentColor;border-radius:8px;text-align:center}
@media (prefers-reduced-motion:reduce){.box{transition:none}}
`;
}
