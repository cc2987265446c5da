import "./styles.css";
import { mountApp } from "./app";
import { applyStoredTheme } from "./lib/theme";

applyStoredTheme();

const root = document.getElementById("root");
if (!root) throw new Error("Missing #root element in index.html");

mountApp(root);
