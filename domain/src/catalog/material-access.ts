/** Who sees a material: a deactivated one is withdrawn from students and teachers, not from administrators. */

export const seesInactiveMaterials = (authorities: readonly string[]) => authorities.includes("ROLE_ADMIN");

export const mayReadMaterial = (material: { active: boolean }, authorities: readonly string[]) =>
  material.active || seesInactiveMaterials(authorities);
