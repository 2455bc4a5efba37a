print("pantrace")
