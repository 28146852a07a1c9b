import { describe, expect, it } from "vitest";
import * as Follows from "@graph/core/modules/follows";
import { FOLLOW_MESSAGES } from "@graph/core/modules/follows/rules";
import { FollowEdgeEntity } from "../../packages/core/src/modules/follows/follow-edge.entity.ts";
import { TimelineEntryEntity } from "../../packages/core/src/modules/follows/timeline-entry.entity.ts";
import { errorOf, signedIn, useTestApi } from "../support/runtime.ts";
import { announceStored } from "../../packages/core/src/modules/feed/share.ts";

/** Following: idempotent writes as the signed-in person, both lists, and counts that hold under parallel requests. */
const api = useTestApi();

const as = (person: { cookie: string }) => api.client({ cookie: person.cookie });
const follow = (who: { cookie: string }, userId: string) => as(who).users.follow.$post({ json: { userId } });
const unfollow = (who: { cookie: string }, userId: string) => as(who).users.unfollow.$post({ json: { userId } });
const lists = async (who: { cookie: string; userId: string }) => {
  const response = await as(who).users.see_following[":id"].$get({ param: { id: who.userId } });
  expect(response.status).toBe(200);
  return response.json();
};
const checks = async (who: { cookie: string; userId: string }, target: string) => {
  const response = await as(who).users.check_follow[":viewer"][":target"].$get({
    param: { viewer: who.userId, target },
  });
  expect(response.status).toBe(200);
  return (await response.json()).isFollowing;
};

describe("following", () => {
  it("follows and unfollows, each idempotent, with both lists and counts", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    expect(await checks(a, b.userId)).toBe(false);

    for (let i = 0; i < 2; i++) {
      const response = await follow(a, b.userId);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ isFollowing: true });
    }
    expect(await checks(a, b.userId)).toBe(true);
    expect(await checks(b, a.userId)).toBe(false);
    const ofA = await lists(a);
    expect(ofA.following).toEqual([{ id: b.userId, username: b.username }]);
    expect(ofA.followers).toEqual([]);
    expect([ofA.followingCount, ofA.followerCount]).toEqual([1, 0]);
    const ofB = await lists(b);
    expect(ofB.followers).toEqual([{ id: a.userId, username: a.username }]);
    expect([ofB.followingCount, ofB.followerCount]).toEqual([0, 1]);

    for (let i = 0; i < 2; i++) {
      const response = await unfollow(a, b.userId);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ isFollowing: false });
    }
    expect(await checks(a, b.userId)).toBe(false);
    const after = await lists(b);
    expect(after.followers).toEqual([]);
    expect(after.followerCount).toBe(0);
    expect((await lists(a)).followingCount).toBe(0);
  });

  it("refuses following yourself (400) and an unknown person (404), changing nothing", async () => {
    const a = await signedIn(api);
    const self = await follow(a, a.userId);
    expect(self.status).toBe(400);
    expect((await errorOf(self)).error).toBe(FOLLOW_MESSAGES.self);
    expect((await unfollow(a, a.userId)).status).toBe(400);
    const unknown = await follow(a, "no-such-person");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("not_found");
    const missing = await api.request("POST", "/api/users/follow", { body: {}, cookie: a.cookie });
    expect(missing.status).toBe(400);
    const mine = await lists(a);
    expect([mine.followingCount, mine.followerCount, mine.following.length]).toEqual([0, 0, 0]);
  });

  it("answers 401 to anonymous callers and 403 for another person's follows", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const anonymous = api.client();
    expect((await anonymous.users.follow.$post({ json: { userId: a.userId } })).status).toBe(401);
    expect((await anonymous.users.unfollow.$post({ json: { userId: a.userId } })).status).toBe(401);
    expect((await anonymous.users.see_following[":id"].$get({ param: { id: a.userId } })).status).toBe(401);
    expect(
      (await anonymous.users.check_follow[":viewer"][":target"].$get({ param: { viewer: a.userId, target: b.userId } }))
        .status,
    ).toBe(401);
    // b may not ask on a's behalf, nor read a's lists.
    expect(
      (await as(b).users.check_follow[":viewer"][":target"].$get({ param: { viewer: a.userId, target: b.userId } }))
        .status,
    ).toBe(403);
    expect((await as(b).users.see_following[":id"].$get({ param: { id: a.userId } })).status).toBe(403);
    // Nothing an anonymous caller sent was written.
    expect((await lists(a)).followerCount).toBe(0);
  });

  it("counts a follow once under 30 parallel follows of the same person", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const answers = await Promise.all(Array.from({ length: 30 }, () => follow(a, b.userId)));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    const ofB = await lists(b);
    expect(ofB.followerCount).toBe(1);
    expect(ofB.followers).toHaveLength(1);
    expect((await lists(a)).followingCount).toBe(1);
  });

  it("keeps the counts equal to the lists under 30 parallel follows and unfollows", async () => {
    const [a, b] = await Promise.all([signedIn(api), signedIn(api)]);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? follow(a, b.userId) : unfollow(a, b.userId))),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    const [ofA, ofB] = await Promise.all([lists(a), lists(b)]);
    expect(ofA.followingCount).toBe(ofA.following.length);
    expect(ofB.followerCount).toBe(ofB.followers.length);
    expect(ofA.followingCount).toBe(ofB.followerCount);
    expect(await checks(a, b.userId)).toBe(ofA.following.length === 1);
  });

  it("counts 30 people following one person at once", async () => {
    const target = await signedIn(api);
    const people = await Promise.all(Array.from({ length: 30 }, () => signedIn(api)));
    const answers = await Promise.all(people.map((p) => follow(p, target.userId)));
    expect(answers.map((r) => r.status)).toEqual(Array(30).fill(200));
    const ofTarget = await lists(target);
    expect(ofTarget.followerCount).toBe(30);
    expect(ofTarget.followers.map((f) => f.id).sort()).toEqual(people.map((p) => p.userId).sort());
  });

  it("purges a deleted account's follows both ways, its sessions in others' timelines and its own, rerunnably", async () => {
    const [gone, friend] = await Promise.all([signedIn(api), signedIn(api)]);
    expect((await follow(gone, friend.userId)).status).toBe(200);
    expect((await follow(friend, gone.userId)).status).toBe(200);
    await announceStored({
      userId: gone.userId,
      createdAt: Date.now(),
      groupOrder: ["picks"],
      picks: [
        {
          id: "purged-pick",
          title: "A pick",
          link: "https://example.com/pick",
          sourceName: "Example",
          sourceType: "rss",
          bestMatchingKeywords: [],
          group: "picks",
        },
      ],
    });
    await api.runtime.dispatcher.idle(); // shared through the share queue
    expect(
      await as(friend)
        .feed.following.$get({ query: {} })
        .then((r) => r.json()),
    ).toHaveLength(1);

    await Follows.purgeAccount(gone.userId);
    await Follows.purgeAccount(gone.userId); // a rerun after a crash finds nothing left to do
    const ofFriend = await lists(friend);
    expect([ofFriend.followerCount, ofFriend.followingCount]).toEqual([0, 0]);
    expect([ofFriend.followers, ofFriend.following]).toEqual([[], []]);
    const [edges, timeline] = await Promise.all([
      FollowEdgeEntity.query.byOwner({ userId: gone.userId }).go(),
      TimelineEntryEntity.query.byReader({ userId: friend.userId }).go(),
    ]);
    expect(edges.data).toEqual([]);
    expect(timeline.data).toEqual([]);
  });
});
