import "./cycle-one";
