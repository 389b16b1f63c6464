import { renderText, type TextLayer, type TextOptions } from "./text";

/** Memoises text layers for one seeding run: speech lines and page numbers repeat across pages. */
export class TextCache {
  private readonly layers = new Map<string, Promise<TextLayer>>();

  get(opts: TextOptions): Promise<TextLayer> {
    const key = JSON.stringify([opts.text, opts.font, opts.size, opts.color, opts.width ?? 0, opts.align ?? "", opts.spacing ?? 0]);
    let layer = this.layers.get(key);
    if (!layer) {
      layer = renderText(opts);
      this.layers.set(key, layer);
    }
    return layer;
  }
}
