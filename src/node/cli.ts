console.log("cli")
