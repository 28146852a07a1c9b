import { describe, expect, it } from "vitest";
import { channelUrlOf, cut, isJsonFileName, learnTitleWording, titleWithout, videoIdOf } from "./rules.ts";

describe("video ids from addresses", () => {
  it("reads the id from watch, shorts, live and youtu.be addresses", () => {
    expect(videoIdOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoIdOf("https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoIdOf("http://m.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoIdOf("https://www.youtube.com/shorts/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoIdOf("https://www.youtube.com/live/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(videoIdOf("https://youtu.be/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
  });

  it("names no video for other addresses, other hosts or ids of the wrong shape", () => {
    for (const url of [
      "https://www.youtube.com/watch?v=short",
      "https://www.youtube.com/watch?v=dQw4w9WgXcQx",
      "https://www.youtube.com/post/Ugkx",
      "https://music.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://evil.example/watch?v=dQw4w9WgXcQ",
      "javascript:alert(1)//www.youtube.com/watch?v=dQw4w9WgXcQ",
      "not a url",
    ]) {
      expect(videoIdOf(url), url).toBeUndefined();
    }
  });

  it("keeps channel addresses of YouTube only, in one form", () => {
    const id = "UCaaaaaaaaaaaaaaaaaaaaaa";
    expect(channelUrlOf(`https://www.youtube.com/channel/${id}`)).toBe(`https://www.youtube.com/channel/${id}`);
    expect(channelUrlOf(`http://youtube.com/channel/${id}/`)).toBe(`https://www.youtube.com/channel/${id}`);
    expect(channelUrlOf("https://www.youtube.com/@ada")).toBe("https://www.youtube.com/@ada");
    expect(channelUrlOf("https://evil.example/channel/" + id)).toBe("");
    expect(channelUrlOf("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("");
  });
});

describe("the wording around titles", () => {
  const sample = (titles: string[]) =>
    titles.map((title, i) => ({ title, url: `https://www.youtube.com/watch?v=a${i}` }));

  it("knows common languages' wordings before and after the title", () => {
    expect(learnTitleWording(sample(["Watched A", "Watched B"]))).toEqual({ prefix: "Watched ", suffix: "" });
    expect(learnTitleWording(sample(["A angesehen", "B angesehen"]))).toEqual({ prefix: "", suffix: " angesehen" });
    expect(learnTitleWording(sample(["猫 を視聴しました"]))).toEqual({ prefix: "", suffix: " を視聴しました" });
  });

  it("learns a wording from an entry whose title is its own address", () => {
    const url = "https://www.youtube.com/watch?v=aaaaaaaaaaa";
    expect(learnTitleWording([{ title: `Vu ${url} !`, url }])).toEqual({ prefix: "Vu ", suffix: " !" });
  });

  it("learns words nine titles in ten share, and nothing from titles that share none", () => {
    const names = ["Koty", "Góry zimą", "Chleb na zakwasie", "Film o pszczołach", "Gitara"];
    const titles = Array.from({ length: 20 }, (_, i) => `Zobaczone: ${names[i % names.length]} ${i}`);
    expect(learnTitleWording(sample(titles)).prefix).toBe("Zobaczone: ");
    expect(learnTitleWording(sample(Array.from({ length: 20 }, (_, i) => `${names[i % names.length]} ${i}`)))).toEqual({
      prefix: "",
      suffix: "",
    });
  });

  it("takes the wording off a title, and keeps a title without it whole", () => {
    const wording = { prefix: "Watched ", suffix: "" };
    expect(titleWithout("Watched Cats", wording)).toBe("Cats");
    expect(titleWithout("Cats", wording)).toBe("Cats");
    expect(titleWithout("Watched ", wording)).toBe("Watched");
  });

  it("takes a known language's wording off an entry that lacks the file's, entry by entry", () => {
    const english = { prefix: "Watched ", suffix: "" };
    expect(titleWithout("Katzen angesehen", english)).toBe("Katzen");
    expect(titleWithout("猫 を視聴しました", english)).toBe("猫");
    expect(titleWithout("Has visto Gatos", english)).toBe("Gatos");
    expect(titleWithout("Assistiu a Gatos", english)).toBe("Gatos");
    expect(titleWithout("Vous avez regardé Chats", english)).toBe("Chats");
    // An entry with the file's wording loses only that: the rest is its title.
    expect(titleWithout("Watched Visto por dentro bekeken", english)).toBe("Visto por dentro bekeken");
    // A file no one wording covers: each entry loses its own.
    expect(titleWithout("Watched Cats", { prefix: "", suffix: "" })).toBe("Cats");
    expect(titleWithout("Katzen angesehen", { prefix: "", suffix: "" })).toBe("Katzen");
    expect(titleWithout("Mystery", { prefix: "", suffix: "" })).toBe("Mystery");
  });
});

describe("small rules", () => {
  it("accepts .json file names only", () => {
    expect(isJsonFileName("watch-history.json")).toBe(true);
    expect(isJsonFileName("WATCH-HISTORY.JSON")).toBe(true);
    expect(isJsonFileName("watch-history.html")).toBe(false);
    expect(isJsonFileName("json")).toBe(false);
  });

  it("cuts text without splitting a character", () => {
    expect(cut("abc", 2)).toBe("ab");
    expect(cut("a😀", 2)).toBe("a");
  });
});
