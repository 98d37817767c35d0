import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useCatalogWorld } from "../../../test/catalog-fixtures";

const world = useCatalogWorld();

/** A small but real file: 40 KB of bytes of every value, as a worksheet would be. */
const worksheet = Buffer.from(Array.from({ length: 40_000 }, (_, i) => (i * 31) % 256));

const upload = (payload: Record<string, unknown> = {}, headers = world.admin.auth) =>
  world.app.inject({
    method: "POST",
    url: "/api/materials",
    headers,
    payload: {
      level: { id: 1 },
      className: "Greetings and introductions",
      classNumber: 1,
      file: worksheet.toString("base64"),
      fileContentType: "application/pdf",
      ...payload,
    },
  });

describe("materials", () => {
  it("uploads a file and gives the same bytes back on download, as an attachment", async () => {
    const created = await upload();
    expect(created.statusCode).toBe(201);
    const material = created.json();
    expect(material).toMatchObject({
      className: "Greetings and introductions",
      classNumber: 1,
      level: { id: 1, name: "Begginer" },
      fileContentType: "application/pdf",
      fileSize: worksheet.length,
      active: true,
    });

    const download = await world.app.inject({
      method: "GET",
      url: `/api/materials/${material.id}/download`,
      headers: world.student.auth,
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(worksheet)).toBe(true);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toContain(
      'attachment; filename="1 - Greetings and introductions.pdf"',
    );
    expect(download.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("keeps the bytes out of the event store: the event carries the file's digest", async () => {
    const { id } = (await upload({ className: "Numbers" })).json();
    const [event] = await world.app.eventStore.readStream(`material-${id}`);
    expect(event?.type).toBe("MaterialUploaded");
    expect(JSON.stringify(event?.data).length).toBeLessThan(500);
    expect(event?.data).toMatchObject({ file: { sha256: createHash("sha256").update(worksheet).digest("hex") } });
  });

  it("shows a trail's active materials with the trail (same level, class number = trail number)", async () => {
    const trails = (
      await world.app.inject({ method: "GET", url: "/api/trails?level=1", headers: world.teacher.auth })
    ).json();
    const first = trails.find((trail: { number: number }) => trail.number === 1);
    expect(first.materials.map((material: { className: string }) => material.className)).toContain(
      "Greetings and introductions",
    );
    expect(trails.find((trail: { number: number }) => trail.number === 2).materials).toEqual([]);
  });

  it("deactivates with DELETE: students no longer see or download it, administrators still list it with all=true", async () => {
    const { id } = (await upload({ className: "Old worksheet", classNumber: 3 })).json();
    const deleted = await world.app.inject({
      method: "DELETE",
      url: `/api/materials/${id}`,
      headers: world.admin.auth,
    });
    expect(deleted.statusCode).toBe(204);

    const studentList = await world.app.inject({
      method: "GET",
      url: "/api/materials?size=100",
      headers: world.student.auth,
    });
    expect(studentList.json().map((material: { id: number }) => material.id)).not.toContain(id);
    const studentDownload = await world.app.inject({
      method: "GET",
      url: `/api/materials/${id}/download`,
      headers: world.student.auth,
    });
    expect(studentDownload.statusCode).toBe(404);
    // A student asking for all still sees only active materials.
    const studentAll = await world.app.inject({
      method: "GET",
      url: "/api/materials?all=true",
      headers: world.student.auth,
    });
    expect(studentAll.json().map((material: { id: number }) => material.id)).not.toContain(id);

    const adminList = await world.app.inject({
      method: "GET",
      url: "/api/materials?all=true&query=old&size=100",
      headers: world.admin.auth,
    });
    expect(adminList.json()).toEqual([expect.objectContaining({ id, active: false })]);
    expect(adminList.headers["x-total-count"]).toBe("1");

    const reactivated = await world.app.inject({
      method: "PUT",
      url: `/api/materials/${id}`,
      headers: world.admin.auth,
      payload: { id, level: 1, className: "Old worksheet", classNumber: 3, active: true },
    });
    expect(reactivated.json()).toMatchObject({ id, active: true, fileSize: worksheet.length });
  });

  it("replaces the file when an edit sends a new one", async () => {
    const { id } = (await upload({ className: "Daily routine", classNumber: 3 })).json();
    const newer = Buffer.from("new version of the routine worksheet");
    const edited = await world.app.inject({
      method: "PUT",
      url: "/api/materials",
      headers: world.admin.auth,
      payload: {
        id,
        level: { id: 1 },
        className: "Daily routine",
        classNumber: 3,
        file: newer.toString("base64"),
        fileContentType: "text/plain",
      },
    });
    expect(edited.json()).toMatchObject({ fileContentType: "text/plain", fileSize: newer.length });
    const download = await world.app.inject({
      method: "GET",
      url: `/api/materials/${id}/download`,
      headers: world.student.auth,
    });
    expect(download.body).toBe("new version of the routine worksheet");
  });

  it("lists a page at a time with the total", async () => {
    const page = await world.app.inject({
      method: "GET",
      url: "/api/materials?page=0&size=2&sort=className,asc",
      headers: world.admin.auth,
    });
    expect(page.json()).toHaveLength(2);
    expect(Number(page.headers["x-total-count"])).toBeGreaterThanOrEqual(3);
    const names = page.json().map((material: { className: string }) => material.className);
    expect(names).toEqual([...names].sort());
  });

  it("refuses a missing file, a file that is not base64, an empty file and an unknown level", async () => {
    const missing = await upload({ file: undefined });
    expect(missing.json().fieldErrors).toEqual([{ field: "file", message: "error.material.fileRequired" }]);
    const notBase64 = await upload({ file: "this is not base64!" });
    expect(notBase64.statusCode).toBe(400);
    expect(notBase64.json().fieldErrors[0].field).toBe("file");
    const empty = await upload({ file: "" });
    expect(empty.statusCode).toBe(400);
    const unknownLevel = await upload({ level: { id: 4242 } });
    expect(unknownLevel.json().fieldErrors).toEqual([{ field: "level", message: "error.material.unknownLevel" }]);
  });

  it("lets students, teachers and administrators download an active material; an inactive one only administrators", async () => {
    const { id } = (await upload({ className: "Shared worksheet", classNumber: 4 })).json();
    const download = (headers?: { authorization: string }) =>
      world.app.inject({ method: "GET", url: `/api/materials/${id}/download`, ...(headers ? { headers } : {}) });
    for (const person of [world.student, world.teacher, world.admin]) {
      const answer = await download(person.auth);
      expect(answer.statusCode).toBe(200);
      expect(answer.rawPayload.equals(worksheet)).toBe(true);
    }
    expect((await download()).statusCode).toBe(401);

    const deleted = await world.app.inject({
      method: "DELETE",
      url: `/api/materials/${id}`,
      headers: world.admin.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await download(world.student.auth)).statusCode).toBe(404);
    expect((await download(world.teacher.auth)).statusCode).toBe(404);
    expect((await download(world.admin.auth)).statusCode).toBe(200);
    const teacherTrails = await world.app.inject({
      method: "GET",
      url: "/api/trails?level=1",
      headers: world.teacher.auth,
    });
    const materialIds = teacherTrails
      .json()
      .flatMap((trail: { materials: { id: number }[] }) => trail.materials.map((material) => material.id));
    expect(materialIds).not.toContain(id);
  });

  it("keeps files for signed-in users and changes for administrators", async () => {
    expect((await world.app.inject({ method: "GET", url: "/api/materials" })).statusCode).toBe(401);
    expect((await world.app.inject({ method: "GET", url: "/api/materials/1/download" })).statusCode).toBe(401);
    expect((await upload({}, world.student.auth)).statusCode).toBe(403);
    expect((await upload({}, world.teacher.auth)).statusCode).toBe(403);
  });
});
