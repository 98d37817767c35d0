import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  adminToken,
  authenticate,
  bearer,
  signedUpStudent,
  studentForm,
  teacherForm,
  tokenOf,
  uniqueEmail,
} from "../../../test/accounts-fixtures";
import { createTestApp, type TestApp } from "../../../test/app";

describe("user management", () => {
  let test: TestApp;
  let admin: string;
  beforeAll(async () => {
    test = await createTestApp();
    admin = await adminToken(test.app);
  });
  afterAll(() => test.close());

  const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: Record<string, unknown>) =>
    test.app.inject({ method, url, headers: bearer(admin), payload });

  it("lists each kind of user, paged and sorted, with the total in X-Total-Count", async () => {
    for (const name of ["Carla", "Bruna", "Alice"])
      await test.app.inject({ method: "POST", url: "/api/register", payload: studentForm({ firstName: name }) });
    await test.app.inject({ method: "POST", url: "/api/register", payload: teacherForm() });

    const firstPage = await call("GET", "/api/users/student?page=0&size=2&sort=firstName,asc");
    expect(firstPage.statusCode).toBe(200);
    const total = Number(firstPage.headers["x-total-count"]);
    expect(total).toBeGreaterThanOrEqual(3);
    expect(firstPage.json()).toHaveLength(2);
    const all = await call("GET", `/api/users/student?page=0&size=99999&sort=firstName,desc&cacheBuster=${Date.now()}`);
    const names = all.json().map((user: { firstName: string }) => user.firstName);
    expect(names).toEqual([...names].sort().reverse());
    expect(all.json().every((user: { kind: string }) => user.kind === "student")).toBe(true);

    const teachers = await call("GET", "/api/users/teacher");
    expect(teachers.json().every((user: { kind: string }) => user.kind === "teacher")).toBe(true);
    const admins = await call("GET", "/api/users/admin?sort=login,asc");
    expect(admins.json().map((user: { login: string }) => user.login)).toContain(ADMIN.email);
  });

  it("finds students and teachers by part of their name", async () => {
    await test.app.inject({ method: "POST", url: "/api/register", payload: studentForm({ firstName: "Zuleica" }) });
    const found = await call("GET", "/api/users/student?search=zulei");
    expect(found.json().map((user: { firstName: string }) => user.firstName)).toEqual(["Zuleica"]);
    expect(found.headers["x-total-count"]).toBe("1");
  });

  it("refuses to sort by a field the list does not have", async () => {
    const response = await call("GET", "/api/users/student?sort=password,asc");
    expect(response.statusCode).toBe(400);
    expect(response.json().fieldErrors[0].field).toContain("sort");
  });

  it("creates an administrator when no role beyond ROLE_USER is asked for, who can sign in", async () => {
    const email = uniqueEmail("gerente");
    const created = await call("POST", "/api/users", {
      login: "gerente",
      email,
      firstName: "Gerente",
      lastName: "Geral",
      authorities: ["ROLE_USER"],
      password: "senha-gerente",
    });
    expect(created.statusCode).toBe(201);
    expect(created.headers["x-app-alert"]).toBe("userManagement.created");
    expect(created.json()).toMatchObject({ login: "gerente", kind: "admin", activated: true, createdBy: ADMIN.email });
    expect(created.json().authorities).toContain("ROLE_ADMIN");
    const token = await tokenOf(test.app, "gerente", "senha-gerente");
    expect((await test.app.inject({ method: "GET", url: "/api/users/admin", headers: bearer(token) })).statusCode).toBe(
      200,
    );

    const again = await call("POST", "/api/users", { login: "Gerente", email: uniqueEmail(), password: "x-senha" });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe("error.userexists");
  });

  it("updates a user's profile and authorities and records who did it", async () => {
    const student = await signedUpStudent(test.app);
    const updated = await call("PUT", "/api/users", {
      id: student.id,
      firstName: "Ana Paula",
      cpf: "123.456.789-09",
      city: "Recife",
      authorities: ["ROLE_USER", "ROLE_STUDENT", "ROLE_TEACHER"],
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      firstName: "Ana Paula",
      cpf: "123.456.789-09",
      city: "Recife",
      lastModifiedBy: ADMIN.email,
    });
    expect(updated.json().authorities.sort()).toEqual(["ROLE_STUDENT", "ROLE_TEACHER", "ROLE_USER"]);
    expect((await call("GET", `/api/users/${student.email}`)).json().firstName).toBe("Ana Paula");
  });

  it("lists the authorities", async () => {
    expect((await call("GET", "/api/users/authorities")).json()).toEqual([
      "ROLE_ADMIN",
      "ROLE_USER",
      "ROLE_STUDENT",
      "ROLE_TEACHER",
      "ROLE_AUDITOR",
    ]);
  });

  it("does not let an administrator deactivate or delete themselves", async () => {
    const me = (await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(admin) })).json();
    const deactivate = await call("PUT", "/api/users", { id: me.id, activated: false });
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().message).toBe("userManagement.error.selfDeactivation");
    const remove = await call("DELETE", `/api/users/${me.login}`);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().message).toBe("userManagement.error.selfDeletion");
    expect((await authenticate(test.app, ADMIN.email, ADMIN.password)).statusCode).toBe(200);
  });

  it("deletes a user by login or id: their tokens stop and their e-mail is free again", async () => {
    const [ana, bia] = [await signedUpStudent(test.app), await signedUpStudent(test.app)];
    const byLogin = await call("DELETE", `/api/users/${ana.email}`);
    expect(byLogin.statusCode).toBe(204);
    expect(byLogin.headers["x-app-alert"]).toBe("userManagement.deleted");
    expect((await call("DELETE", `/api/users/${bia.id}`)).statusCode).toBe(204);
    expect((await call("GET", `/api/users/${ana.email}`)).statusCode).toBe(404);
    expect((await test.app.inject({ method: "GET", url: "/api/account", headers: bearer(ana.token) })).statusCode).toBe(
      401,
    );
    const again = await test.app.inject({
      method: "POST",
      url: "/api/register",
      payload: studentForm({ email: ana.email }),
    });
    expect(again.statusCode).toBe(201);
  });

  it("registers students and already-accepted teachers for others", async () => {
    const teacher = teacherForm();
    const created = await call("POST", "/api/registerByAdmin", teacher);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ kind: "teacher", activated: true, accepted: true, createdBy: ADMIN.email });
    expect((await authenticate(test.app, teacher.email, teacher.password)).statusCode).toBe(200);

    const student = await call("POST", "/api/registerByAdmin", {
      student: true,
      firstName: "Sem Senha",
      email: uniqueEmail(),
    });
    expect(student.statusCode).toBe(201);
    expect(student.json()).toMatchObject({ kind: "student", activated: true, balance: 0 });
  });

  it("registers a student with cpf and address, and a teacher with cpf and bank details", async () => {
    const address = {
      cpf: "123.456.789-09",
      street: "Rua das Flores",
      number: "10",
      neighbourhood: "Boa Vista",
      city: "Recife",
      state: "PE",
      country: "BR",
      cep: "50050-000",
    };
    const student = await call("POST", "/api/registerByAdmin", {
      student: true,
      firstName: "Irmã",
      email: uniqueEmail("irma"),
      phone: "(81)98888-7777",
      level: 2,
      objective: "TRAVEL",
      ...address,
    });
    expect(student.statusCode).toBe(201);
    expect(student.json()).toMatchObject({ kind: "student", level: 2, objective: "TRAVEL", ...address });
    expect((await call("GET", `/api/users/${student.json().login}`)).json()).toMatchObject(address);

    const bank = { cpf: "987.654.321-00", bankNumber: "001", bankBranch: "1234-5", bankAccount: "98765-4" };
    const teacher = await call("POST", "/api/registerByAdmin", {
      student: false,
      firstName: "Marta",
      email: uniqueEmail("marta"),
      experience: "Dez anos",
      ...bank,
    });
    expect(teacher.statusCode).toBe(201);
    expect(teacher.json()).toMatchObject({ kind: "teacher", accepted: true, experience: "Dez anos", ...bank });
  });

  it("refuses to register a student in a level the catalogue does not have", async () => {
    const email = uniqueEmail("sem-nivel");
    const refused = await call("POST", "/api/registerByAdmin", {
      student: true,
      firstName: "Nara",
      email,
      phone: "(81)98888-7777",
      level: 999999,
      objective: "TRAVEL",
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      message: "error.level.notFound",
      fieldErrors: [{ field: "level", message: "error.level.notFound" }],
    });
    expect((await call("GET", `/api/users/${email}`)).statusCode).toBe(404);
  });

  it("refuses a registration whose cpf is too long, naming the field, and keeps the e-mail free", async () => {
    const email = uniqueEmail("longo");
    const refused = await call("POST", "/api/registerByAdmin", {
      student: true,
      firstName: "Longo",
      email,
      cpf: "1".repeat(21),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fieldErrors.map((error: { field: string }) => error.field)).toEqual(["cpf"]);
    const accepted = await call("POST", "/api/registerByAdmin", { student: true, firstName: "Longo", email });
    expect(accepted.statusCode).toBe(201);
  });

  it("answers 404 for a user that does not exist", async () => {
    expect((await call("GET", "/api/users/ninguem@example.com")).statusCode).toBe(404);
    expect((await call("PUT", "/api/users", { id: 999999, firstName: "X" })).statusCode).toBe(404);
  });
});
